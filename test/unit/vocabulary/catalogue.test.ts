/** The vocabulary codes and the Japanese catalogue: every code named, once, and the tables follow the catalogue. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOLAR_TERMS } from '../../../src/domain/astronomy/solar-term-names.ts';
import { BRANCH_ANIMALS } from '../../../src/domain/calendar/animals.ts';
import { BRANCHES } from '../../../src/domain/calendar/branches.ts';
import { LIFE_STAGES } from '../../../src/domain/calendar/life-stages.ts';
import { NAYIN_NAMES, nayinElementIndex } from '../../../src/domain/calendar/nayin.ts';
import { ELEMENTS, STEMS } from '../../../src/domain/calendar/stems.ts';
import { TEN_GODS, tenGodCode, tenGodName } from '../../../src/domain/calendar/ten-gods.ts';
import { NAYIN_CODES, VOCABULARIES, type VocabularyCode } from '../../../src/domain/vocabulary/codes.ts';
import { JA } from '../../../src/domain/vocabulary/ja.ts';
import { labelOf } from '../../../src/domain/vocabulary/labels.ts';
import { REPO_ROOT } from '../../support/run-cli.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';
import { JA_COMPATIBILITY } from '../../../src/domain/catalogue/ja/compatibility.ts';
import { JA_STARS } from '../../../src/domain/catalogue/ja/stars.ts';
import { JA_WARNINGS } from '../../../src/domain/catalogue/ja/warnings.ts';
import { WARNING_CODES } from '../../../src/domain/chart/certainty.ts';
import { relationsAmong } from '../../../src/domain/chart/relations.ts';
import { COMPATIBILITY_LEVEL_BANDS, compatibilityOf } from '../../../src/domain/compatibility/compatibility.ts';
import { relationJson } from '../../../src/wire/present/luck-json.ts';
import { SPECIAL_STAR_CATALOGUE } from '../../../src/domain/stars/special-stars.ts';

describe('vocabulary codes and the ja catalogue', () => {
  const namespaces = Object.keys(VOCABULARIES) as (keyof typeof VOCABULARIES)[];

  it('every code is namespaced ASCII, unique, and has a non-empty label, unique in its vocabulary', () => {
    const all = namespaces.flatMap((namespace) => [...VOCABULARIES[namespace]]);
    expect(new Set(all).size).toBe(all.length);
    for (const namespace of namespaces) {
      const codes = VOCABULARIES[namespace];
      expect(JA[namespace], namespace).toHaveLength(codes.length);
      for (const code of codes) {
        expect(code).toMatch(new RegExp(`^${namespace}\\.[a-z0-9_]+$`));
        expect(labelOf(JA, code), code).not.toBe('');
      }
      expect(new Set(JA[namespace]).size, namespace).toBe(codes.length);
    }
  });

  it('a code no vocabulary holds, or a catalogue missing a label, throws', () => {
    expect(() => labelOf(JA, 'shishen.qi_sha' as VocabularyCode)).toThrow('no vocabulary holds the code "shishen.qi_sha"');
    const short = { ...JA, stage: JA.stage.slice(0, 11) } as unknown as typeof JA;
    expect(() => labelOf(short, 'stage.yang')).toThrow('the catalogue has no label for "stage.yang"');
  });

  it('the calendar tables are the catalogue, and the codes name what the labels say', () => {
    expect([STEMS, BRANCHES, ELEMENTS, TEN_GODS, LIFE_STAGES, NAYIN_NAMES, BRANCH_ANIMALS]).toEqual([
      JA.stem,
      JA.branch,
      JA.element,
      JA.shishen,
      JA.stage,
      JA.nayin,
      JA.zodiac,
    ]);
    expect(SOLAR_TERMS.map((term) => term.name)).toEqual(JA.jieqi);
    expect(labelOf(JA, 'shishen.pian_guan')).toBe('七殺');
    expect(labelOf(JA, 'shishen.zheng_yin')).toBe('印綬');
    expect(labelOf(JA, 'stage.lin_guan')).toBe('建禄');
    expect(labelOf(JA, 'jieqi.li_chun')).toBe('立春');
    expect(SOLAR_TERMS.find((term) => term.code === 'jieqi.li_chun')?.longitudeDeg).toBe(315);
    // 甲 sees 庚 as 七殺 (偏官): code and label agree for every pair.
    expect(tenGodCode(0, 6)).toBe('shishen.pian_guan');
    for (let day = 0; day < 10; day++)
      for (let other = 0; other < 10; other++) expect(labelOf(JA, tenGodCode(day, other))).toBe(tenGodName(day, other));
  });

  it('each 納音 code’s element is the last character of its Japanese name', () => {
    NAYIN_CODES.forEach((_code, k) => expect(ELEMENTS[nayinElementIndex(2 * k)]).toBe(NAYIN_NAMES[k]!.at(-1)));
  });
});

/** Every .ts file under a folder. */
const sourcesUnder = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourcesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });

describe('no logic compares a label', () => {
  it('no Japanese literal is compared (===, !==, case, includes, indexOf) anywhere in src/', () => {
    const comparison =
      /(?:===|!==|\bcase)\s*['"`][^'"`]*[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:includes|indexOf)\(\s*['"`][^'"`]*[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
    const found = sourcesUnder(join(REPO_ROOT, 'src')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (comparison.test(line) ? [`${file.slice(REPO_ROOT.length)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

describe('the text catalogue names every code the domain can produce', () => {
  it('a title and a sentence for every warning code', () => {
    for (const code of WARNING_CODES) expect(JA_WARNINGS.titles[code], code).toMatch(/\S/);
    expect(Object.keys(JA_WARNINGS.titles).sort()).toEqual([...WARNING_CODES].sort());
  });

  it('every 相性 level, class and relation; no explanation of 3,000 random pairs lacks a word', () => {
    for (const band of COMPATIBILITY_LEVEL_BANDS) expect(JA_COMPATIBILITY.levels[band.code], band.code).toMatch(/\S/);
    const random = mulberry32(27);
    const chart = () => ({
      pillars: {
        year: randomInt(random, 0, 59),
        month: randomInt(random, 0, 59),
        day: randomInt(random, 0, 59),
        hour: randomInt(random, 0, 59),
      },
      timeKnown: random() < 0.8,
      gender: random() < 0.5 ? ('male' as const) : ('female' as const),
    });
    for (let i = 0; i < 3_000; i++) {
      const result = compatibilityOf(chart(), chart(), JA_CATALOGUE.compatibility);
      expect(result.level).toMatch(/\S/);
      for (const item of result.items) expect(item.explanation, item.code).not.toMatch(/undefined|null|NaN/);
    }
  });

  it('every relation of 5,000 random charts (natal and luck) has a name, and the 合 kinds an element', () => {
    const random = mulberry32(28);
    const positions = ['year', 'month', 'day', 'hour', 'major', 'annual'] as const;
    for (let i = 0; i < 5_000; i++) {
      const relations = relationsAmong(positions.map((position) => ({ position, pillar: randomInt(random, 0, 59) })));
      for (const relation of relations.map((r) => relationJson(r, JA_CATALOGUE.relations))) {
        expect(relation.name, relation.code).toMatch(/\S/);
        if (['kango', 'shigo', 'sango', 'hankai', 'hogo'].includes(relation.code)) expect(relation.element).toMatch(/^[木火土金水]$/);
      }
    }
  });

  it('a name and a reading for every special star', () => {
    expect(SPECIAL_STAR_CATALOGUE.map((star) => star.code)).toEqual(Object.keys(JA_STARS));
    for (const star of SPECIAL_STAR_CATALOGUE) {
      expect(star.name, star.code).toMatch(/\S/);
      expect(star.reading, star.code).toMatch(/^[\p{Script=Hiragana}ー]+$/u);
    }
  });
});
