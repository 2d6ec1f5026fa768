/**
 * docs/fields.md is the glossary of every request and response field. These tests keep it
 * complete: a field the service sends or accepts that the glossary does not name (as `name`, in
 * backticks) fails here, and so does a value of a closed vocabulary (stems, ten gods, life stages …)
 * that the glossary's tables leave out.
 *
 * The response keys come from real answers: both REST paths are called on the real app for two
 * charts (one of them has a location for every 神殺 star, so each `locations[]` array is walked by
 * its element), and every key path of the body is walked — objects recursively, arrays by their
 * elements. The GraphQL side is read from the committed SDL (schema.graphql).
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLNamedType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES } from '../../src/application/errors.ts';
import { silentLogger } from '../../src/application/ports/logger.ts';
import { SOLAR_TERMS, isJie } from '../../src/domain/astronomy/solar-term-names.ts';
import { BRANCH_ANIMALS } from '../../src/domain/calendar/animals.ts';
import { BRANCHES } from '../../src/domain/calendar/branches.ts';
import { LIFE_STAGES } from '../../src/domain/calendar/life-stages.ts';
import { NAYIN_NAMES } from '../../src/domain/calendar/nayin.ts';
import { NINE_STARS } from '../../src/domain/calendar/nine-star.ts';
import { ELEMENTS, STEMS } from '../../src/domain/calendar/stems.ts';
import { TEN_GOD_CATEGORIES, TEN_GODS } from '../../src/domain/calendar/ten-gods.ts';
import { THREE_HARMONY_GROUPS } from '../../src/domain/calendar/three-harmony.ts';
import {
  BALANCE_TYPES,
  HARMONY_LEVELS,
  KUIGANG_TEXTS,
  PILLAR_LABELS,
  SCORE_LEVELS,
  SHENSHA_ASSESSMENTS,
  STAR_TEXTS,
  STRENGTH_LABELS,
  TEN_GOD_MEANINGS,
  WEALTH_TYPES,
} from '../../src/domain/catalogue/ja/analysis.ts';
import { STAR_KEYS } from '../../src/domain/chart/analysis/shensha.ts';
import { CHART_REQUEST_FIELDS } from '../../src/domain/chart/request.ts';
import { SPECIAL_STAR_CATALOGUE } from '../../src/domain/stars/special-stars.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';

const GLOSSARY_PATH = fileURLToPath(new URL('../../docs/fields.md', import.meta.url));
const GLOSSARY = readFileSync(GLOSSARY_PATH, 'utf8');
const SCHEMA_SDL = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');

/** A field name counts as documented when the glossary writes it in backticks: `name`. */
const isDocumented = (name: string): boolean => GLOSSARY.includes(`\`${name}\``);

/** Names (with where they were seen) that the glossary does not mention; empty when complete. */
function undocumented(names: ReadonlyMap<string, readonly string[]>): string[] {
  return [...names].filter(([name]) => !isDocumented(name)).map(([name, where]) => `${name} (at ${where.slice(0, 3).join(', ')})`);
}

/** The charts: the documented example, and one in which every 神殺 star has at least one location. */
const CHARTS = [
  { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 },
  { year: 1975, month: 10, day: 23, time: '10:30', location: 135.5 },
] as const;

const PATHS = { A: '/v1/calculate', B: '/api/v1/calculate' } as const;
type Variant = keyof typeof PATHS;

/**
 * Objects whose keys are data, not field names: `element_distribution` maps a 納音 element to its
 * count and carries only the elements that occur, so its keys are checked as 五行 characters
 * instead. (`gogyo_balance` is different: it always has exactly the five keys 木火土金水, which
 * GraphQL renames to wood … water, so they are field names and the glossary documents them as such.)
 */
const ELEMENT_KEYED_OBJECTS = new Set(['result.nayin.compatibility.element_distribution']);

interface KeyWalk {
  /** Key name → the paths it was seen at. */
  readonly names: Map<string, string[]>;
  /** Keys of the element-keyed objects. */
  readonly elementKeys: Set<string>;
  /** Array paths seen with no element / with elements, to tell whether every array was walked. */
  readonly emptyArrays: Set<string>;
  readonly filledArrays: Set<string>;
}

const newWalk = (): KeyWalk => ({ names: new Map(), elementKeys: new Set(), emptyArrays: new Set(), filledArrays: new Set() });

/** Every key path of a JSON value: objects recursively, arrays by their elements (`path[]`). */
function walkKeys(value: unknown, path: string, into: KeyWalk): void {
  if (Array.isArray(value)) {
    (value.length === 0 ? into.emptyArrays : into.filledArrays).add(path);
    for (const item of value) walkKeys(item, `${path}[]`, into);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    if (ELEMENT_KEYED_OBJECTS.has(path)) {
      into.elementKeys.add(key);
      walkKeys(child, `${path}.<element>`, into);
      continue;
    }
    const childPath = path === '' ? key : `${path}.${key}`;
    const seenAt = into.names.get(key);
    if (seenAt === undefined) into.names.set(key, [childPath]);
    else if (!seenAt.includes(childPath)) seenAt.push(childPath);
    walkKeys(child, childPath, into);
  }
}

describe('docs/fields.md names every REST body field', () => {
  let app: RunningApp;
  const walks: Record<Variant, KeyWalk> = { A: newWalk(), B: newWalk() };
  const errorWalk = newWalk();

  const post = async (variant: Variant, body: unknown): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(`${app.baseUrl}${PATHS[variant]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${app.apiKey}` },
      body: JSON.stringify(body),
    });
    const json: unknown = await response.json();
    return { status: response.status, body: json };
  };

  beforeAll(async () => {
    app = await startAppServer({ logger: silentLogger });
    for (const variant of ['A', 'B'] as const) {
      for (const chart of CHARTS) {
        const answer = await post(variant, chart);
        expect(answer.status, `${variant} ${JSON.stringify(chart)}`).toBe(200);
        walkKeys(answer.body, '', walks[variant]);
      }
      const refused = await post(variant, { month: 5 });
      expect(refused.status).toBe(400);
      walkKeys(refused.body, '', errorWalk);
    }
  });
  afterAll(() => app?.close());

  it.each(['A', 'B'] as const)('Variant %s: every key of the envelope and the result', (variant) => {
    expect(walks[variant].names.size).toBeGreaterThan(20);
    expect(undocumented(walks[variant].names)).toEqual([]);
  });

  it.each(['A', 'B'] as const)('Variant %s: every array was walked by an element, except the empty Variant A nayin', (variant) => {
    const neverFilled = [...walks[variant].emptyArrays].filter((path) => !walks[variant].filledArrays.has(path));
    // Variant A's `nayin` is always [] (the glossary says so); every other array had items in some chart.
    expect(neverFilled).toEqual(variant === 'A' ? ['result.nayin'] : []);
  });

  it('Variant B: the element-keyed element_distribution has only 五行 characters as keys', () => {
    expect(walks.B.elementKeys.size).toBeGreaterThan(0);
    for (const key of walks.B.elementKeys) expect(ELEMENTS).toContain(key);
    expect(undocumented(new Map([['element_distribution', ['result.nayin.compatibility']]]))).toEqual([]);
  });

  it('the error body and every error code', () => {
    expect([...errorWalk.names.keys()].sort()).toEqual(['code', 'message', 'status']);
    expect(undocumented(errorWalk.names)).toEqual([]);
    expect(DOMAIN_ERROR_CODES.filter((code) => !isDocumented(code))).toEqual([]);
  });
});

describe('docs/fields.md names every field of a compatibility answer', () => {
  it('REST: every key of POST /api/v1/compatibility (with and without a birth time)', async () => {
    const app = await startAppServer({ logger: silentLogger });
    try {
      const walk = newWalk();
      for (const b of [CHARTS[1], { year: 1973, month: 10, day: 13, location: 139.69 }]) {
        const response = await fetch(`${app.baseUrl}/api/v1/compatibility`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${app.apiKey}` },
          body: JSON.stringify({ a: CHARTS[0], b }),
        });
        expect(response.status).toBe(200);
        walkKeys(await response.json(), '', walk);
      }
      expect(walk.names.size).toBeGreaterThan(15);
      expect(undocumented(walk.names)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('docs/fields.md names every request field', () => {
  it('each field of the request contract, in its REST and GraphQL spelling', () => {
    const names = new Map<string, string[]>();
    for (const field of CHART_REQUEST_FIELDS) {
      names.set(field.name, ['request']);
      // A credential field (`api_key`) is no GraphQL input: GraphQL reads keys from headers.
      if (!field.credential) names.set(field.graphqlName, ['CalculateInput']);
    }
    expect(names.size).toBeGreaterThan(10);
    expect(undocumented(names)).toEqual([]);
  });
});

describe('docs/fields.md names every GraphQL field of the calculate answer', () => {
  const schema = buildSchema(SCHEMA_SDL);

  /** Field, argument and enum-value names of every type reachable from the given types. */
  function reachableNames(roots: readonly GraphQLNamedType[]): Map<string, string[]> {
    const names = new Map<string, string[]>();
    const add = (name: string, where: string) => names.set(name, [...(names.get(name) ?? []), where]);
    const seen = new Set<string>();
    const queue = [...roots];
    for (let type = queue.shift(); type !== undefined; type = queue.shift()) {
      if (seen.has(type.name)) continue;
      seen.add(type.name);
      if (isObjectType(type) || isInterfaceType(type)) {
        queue.push(...type.getInterfaces());
        for (const field of Object.values(type.getFields())) {
          add(field.name, `${type.name}.${field.name}`);
          queue.push(getNamedType(field.type));
          for (const arg of field.args) {
            add(arg.name, `${type.name}.${field.name}(${arg.name})`);
            queue.push(getNamedType(arg.type));
          }
        }
      } else if (isUnionType(type)) {
        queue.push(...type.getTypes());
      } else if (isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          add(field.name, `${type.name}.${field.name}`);
          queue.push(getNamedType(field.type));
        }
      } else if (isEnumType(type)) {
        for (const value of type.getValues()) add(value.name, `${type.name}.${value.name}`);
      }
    }
    return names;
  }

  const namedType = (name: string): GraphQLNamedType => {
    const type = schema.getType(name);
    if (type === undefined || type === null) throw new Error(`schema.graphql has no type ${name}`);
    return type;
  };

  it('every field of the types reachable from VariantAResponse and VariantBResponse', () => {
    const names = reachableNames([namedType('VariantAResponse'), namedType('VariantBResponse')]);
    expect(names.size).toBeGreaterThan(50);
    expect(undocumented(names)).toEqual([]);
  });

  it('every field of CompatibilityResponse and the arguments of Mutation.compatibility', () => {
    const compatibility = schema.getMutationType()?.getFields()['compatibility'];
    if (compatibility === undefined) throw new Error('schema.graphql has no Mutation.compatibility');
    const names = reachableNames([namedType('CompatibilityResponse')]);
    for (const arg of compatibility.args) names.set(arg.name, [`compatibility(${arg.name})`]);
    expect(names.size).toBeGreaterThan(15);
    expect(undocumented(names)).toEqual([]);
  });

  it('the arguments of Mutation.calculate, CalculateInput and its enums', () => {
    const calculate = schema.getMutationType()?.getFields()['calculate'];
    if (calculate === undefined) throw new Error('schema.graphql has no Mutation.calculate');
    const names = new Map<string, string[]>();
    for (const arg of calculate.args) names.set(arg.name, [`calculate(${arg.name})`]);
    const argTypes = calculate.args.map((arg) => getNamedType(arg.type));
    for (const [name, where] of reachableNames(argTypes)) names.set(name, where);
    expect(undocumented(names)).toEqual([]);
  });
});

describe('docs/fields.md lists the closed vocabularies exactly as the service writes them', () => {
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** A table cell that is the value, or starts with it followed by a bracketed reading. */
  const inTableCell = (value: string): boolean => new RegExp(`\\|\\s*${escape(value)}(\\s*\\||\\s+\\()`).test(GLOSSARY);

  const VOCABULARIES: Record<string, readonly string[]> = {
    '十干 stems': STEMS,
    '十二支 branches': BRANCHES,
    '五行 elements': ELEMENTS,
    'yin_yang labels': ['陽+', '陰-'],
    'zodiac animals': BRANCH_ANIMALS,
    '通変星 ten gods': TEN_GODS,
    'ten-god meanings': TEN_GOD_MEANINGS,
    'ten-god categories': TEN_GOD_CATEGORIES,
    '十二運 life stages': LIFE_STAGES,
    '日家九星 nine stars': NINE_STARS,
    '三合 groups': THREE_HARMONY_GROUPS.map((group) => group.name),
    '12 節 month openers': SOLAR_TERMS.filter((_, index) => isJie(index)).map((term) => term.name),
    '納音 names': NAYIN_NAMES,
    '神殺 star names': [...STAR_KEYS.map((key) => STAR_TEXTS[key].name), KUIGANG_TEXTS.name],
    'special stars (specialStars)': SPECIAL_STAR_CATALOGUE.map((star) => star.name),
    'pillar labels': PILLAR_LABELS,
    'strength labels': STRENGTH_LABELS,
    'score levels': SCORE_LEVELS,
    'harmony levels': HARMONY_LEVELS,
    'shensha assessments': SHENSHA_ASSESSMENTS,
    'balance types': BALANCE_TYPES,
    'wealth types': WEALTH_TYPES,
  };

  it.each(Object.entries(VOCABULARIES))('%s', (_name, values) => {
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((value) => !inTableCell(value))).toEqual([]);
  });
});

describe('docs/fields.md stands alone', () => {
  it('refers to nothing outside the repository', () => {
    for (const pattern of [/\.\.\/shared/, /DESIGN §/, /research\/domain\.md/, /spec §/i, /\/work\//]) {
      expect(GLOSSARY, String(pattern)).not.toMatch(pattern);
    }
  });

  it('every relative link points at a file in the repository, every #anchor at a heading', () => {
    // GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens.
    const slug = (heading: string): string =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-');
    const anchors = new Set(
      GLOSSARY.split('\n')
        .filter((line) => /^#{1,6} /.test(line))
        .map((line) => slug(line.replace(/^#+ /, ''))),
    );
    const docsDir = dirname(GLOSSARY_PATH);
    const broken: string[] = [];
    for (const [, target] of GLOSSARY.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (target === undefined || /^https?:/.test(target)) continue;
      if (target.startsWith('#')) {
        if (!anchors.has(target.slice(1))) broken.push(target);
      } else if (!existsSync(resolve(docsDir, target.split('#')[0]!))) {
        broken.push(target);
      }
    }
    expect(broken).toEqual([]);
    expect(readdirSync(docsDir)).toContain('fields.md');
  });
});
