/**
 * Which build, ephemeris and rules made an answer (docs/rest.md, Versioned answers): `engine` is the
 * package version; `ephemeris` digests the astronomical tables; `rules` digests the rule tables
 * and the request's settings that change results. Two answers with equal `ephemeris` and `rules`
 * from the same `engine` were made alike; a changed digest after an upgrade says which part moved.
 * A digest is `sha256:` and the first 16 hex digits of SHA-256 over a canonical JSON (object keys
 * sorted, functions left out: rules written as code are the engine's).
 */
import { createHash } from 'node:crypto';
import pkg from '../../package.json' with { type: 'json' };
import type { ChartRequest } from '../domain/chart/request.ts';
import { DEFAULT_LUCK_METHOD } from '../domain/luck/start-age.ts';
import { SPECIAL_STAR_OPTION_DEFAULTS } from '../domain/stars/special-star-options.ts';
import { EPHEMERIS_TABLES, RULE_TABLES, type DigestedTable } from '../domain/versioning/digested-tables.ts';
import { isPlainObject } from '../domain/plain-object.ts';
import { once } from '../application/registry.ts';

export interface AnswerVersion {
  readonly engine: string;
  readonly ephemeris: string;
  readonly rules: string;
}

/** This build's package version. */
export const ENGINE_VERSION: string = pkg.version;

/** JSON with sorted object keys; Maps and Sets as arrays, typed arrays as arrays; function members left out. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (value === undefined) return 'null';
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return `[${Array.from(value as ArrayLike<unknown>, canonicalJson).join(',')}]`;
  if (value instanceof Map) return canonicalJson([...value.entries()]);
  if (value instanceof Set) return canonicalJson([...value]);
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => typeof record[key] !== 'function' && record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`canonicalJson: a ${typeof value} has no canonical form`);
}

export const digestOf = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;

const tablesJson = (tables: readonly DigestedTable[]): string =>
  `[${tables.map(({ name, table }) => `[${JSON.stringify(name)},${canonicalJson(table)}]`).join(',')}]`;

/** The digest of the ephemeris tables, computed once. */
export const ephemerisDigest = once(() => digestOf(tablesJson(EPHEMERIS_TABLES)));
/** The digest of the rule tables alone (no request's settings), computed once. */
export const ruleTablesDigest = once(() => digestOf(tablesJson(RULE_TABLES)));

/** The settings a request chose that change results, with defaults filled in (naming a default is not another rule). */
export interface RuleSettings {
  readonly solar_time: string;
  readonly day_boundary: string;
  readonly zokan_table: string;
  readonly zokan_count: string;
  /** Only under the southern convention, so the digests of every other request stay. */
  readonly hemisphere?: 'south';
  readonly luck_method: string;
  /** The special stars' school options (`star_*`), as the section reads them. */
  readonly stars: Readonly<Record<string, unknown>>;
}

/** The star options in a REST / MCP / CLI request's opted-in sections (`sections.stars`), or none. */
const starOptionsOf = (sections: unknown): Record<string, unknown> =>
  isPlainObject(sections) && isPlainObject(sections['stars']) ? sections['stars'] : {};

/** The settings but the star options. */
function conventionSettingsOf(request: ChartRequest): Omit<RuleSettings, 'stars'> {
  const { conventions } = request;
  return {
    solar_time: conventions.solarTime,
    day_boundary: conventions.dayBoundary,
    zokan_table: conventions.zokanTable,
    zokan_count: conventions.zokanCount ?? 'date',
    ...(conventions.hemisphere === undefined ? {} : { hemisphere: conventions.hemisphere }),
    luck_method: request.luck?.method ?? DEFAULT_LUCK_METHOD,
  };
}

export function ruleSettingsOf(request: ChartRequest, sections?: unknown): RuleSettings {
  return { ...conventionSettingsOf(request), stars: { ...SPECIAL_STAR_OPTION_DEFAULTS, ...starOptionsOf(sections) } };
}

/** The `rules` digest: the rule tables' digest and the request's settings. */
export const rulesDigest = (settings: RuleSettings): string => digestOf(canonicalJson({ tables: ruleTablesDigest(), settings }));

/**
 * Versions made so far, by their settings: a handful of combinations in practice (the settings are
 * enumerations, checked before an answer is presented), so each digest is computed once and every
 * answer with those settings shares one frozen version (and its headers). Bounded all the same.
 */
const VERSIONS = new Map<string, AnswerVersion>();
const MAX_REMEMBERED_VERSIONS = 4096;

/** The settings' cache key: every convention setting (enumerations), and the star options only when some were sent. */
function settingsKey(request: ChartRequest, stars: Record<string, unknown>): string {
  const key = Object.values(conventionSettingsOf(request)).join('|');
  for (const _ in stars) return `${key}|${canonicalJson(stars)}`;
  return key;
}

/** A chart answer's version: its request and, for REST / MCP / CLI, the sections' options it was presented with. */
export function answerVersionOf(request: ChartRequest, sections?: unknown): AnswerVersion {
  const key = settingsKey(request, starOptionsOf(sections));
  let version = VERSIONS.get(key);
  if (version === undefined) {
    version = Object.freeze({
      engine: ENGINE_VERSION,
      ephemeris: ephemerisDigest(),
      rules: rulesDigest(ruleSettingsOf(request, sections)),
    });
    if (VERSIONS.size >= MAX_REMEMBERED_VERSIONS) VERSIONS.clear();
    VERSIONS.set(key, version);
  }
  return version;
}

/**
 * A comparison's version: the rules digest over both births' settings, `a` then `b` (each birth has
 * its own conventions; swapping the births is another request, as it is for the score's wording).
 */
export const pairVersionOf = (a: ChartRequest, b: ChartRequest): AnswerVersion => ({
  engine: ENGINE_VERSION,
  ephemeris: ephemerisDigest(),
  rules: digestOf(canonicalJson({ tables: ruleTablesDigest(), settings: [ruleSettingsOf(a), ruleSettingsOf(b)] })),
});

/** The `_meta` key of an MCP answer's version (engine, ephemeris and rules digests, as REST's X-… headers). */
export const MCP_VERSION_META = 'io.four-pillars/version';

const HEADERS_OF = new WeakMap<AnswerVersion, Readonly<Record<string, string>>>();

/** The response headers that carry a version (REST); made once per version. */
export function versionHeaders(version: AnswerVersion): Readonly<Record<string, string>> {
  let headers = HEADERS_OF.get(version);
  if (headers === undefined) {
    headers = Object.freeze({
      'X-Engine-Version': version.engine,
      'X-Ephemeris-Digest': version.ephemeris,
      'X-Rules-Digest': version.rules,
    });
    HEADERS_OF.set(version, headers);
  }
  return headers;
}

/** The version a chart answer carries (docs/rest.md, “Versioned answers”). */
export const VERSION_HEADERS = {
  'X-Engine-Version': { description: 'The engine (package) version that made the answer', schema: { type: 'string' } },
  'X-Ephemeris-Digest': {
    description: '`sha256:` and 16 hex digits: the solar-term, new-moon and equation-of-time tables',
    schema: { type: 'string', pattern: '^sha256:[0-9a-f]{16}$' },
  },
  'X-Rules-Digest': {
    description: '`sha256:` and 16 hex digits: the rule tables and the request’s settings that change results',
    schema: { type: 'string', pattern: '^sha256:[0-9a-f]{16}$' },
  },
};
