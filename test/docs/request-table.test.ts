/**
 * docs/rest.md's request table is generated from the request contract and the chart options
 * (`npm run docs:tables`): it lists every field and option the calculate paths accept, with the rule
 * the schema enforces. The hand-written table once lacked `gender`, `include`,
 * `uncertainty_minutes` and the `luck_*` options.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chartMemberNames } from '../../src/wire/chart-sections.ts';
import { scoreBandOf } from '../../src/domain/chart/analysis/scores.ts';
import { SPECIAL_STAR_CATALOGUE } from '../../src/domain/stars/special-stars.ts';
import { withDitiansuiRules, withRequestTable, withScoreLevels } from '../../src/http/rest/docs-tables.ts';
import { DTS_RULES } from '../../src/domain/classical/ditiansui.ts';
import { withVocabularyTables } from '../../src/http/rest/docs-vocabulary.ts';
import { REPO_ROOT } from '../support/run-cli.ts';

const restMd = readFileSync(`${REPO_ROOT}docs/rest.md`, 'utf8');

describe('docs/rest.md request table', () => {
  it('is the generated table (run `npm run docs:tables` after changing a field or an option)', () => {
    expect(restMd).toBe(withRequestTable(restMd));
  });

  it('names every member a calculate request may carry', () => {
    for (const name of chartMemberNames()) expect(restMd, name).toContain(`| \`${name}\` |`);
  });
});

describe('docs/fields.md score levels', () => {
  const fieldsMd = readFileSync(`${REPO_ROOT}docs/fields.md`, 'utf8');

  it('are the generated table of the cut points the answers use (run `npm run docs:tables`)', () => {
    expect(fieldsMd).toBe(withScoreLevels(fieldsMd));
  });

  it('put a score where the answer does: overall_fortune 64 is 標準, 62 やや低い (one hand-written set of bands said 高い and 高い)', () => {
    expect(fieldsMd).toContain(
      '| `fortune_indicators.overall_fortune` | 非常に高い (74–100) | 高い (68–73) | 標準 (63–67) | やや低い (56–62) | 低い (< 56) |',
    );
    expect(scoreBandOf('overallFortune', 64)).toBe(2);
    expect(scoreBandOf('overallFortune', 62)).toBe(3);
  });
});

describe('docs/fields.md vocabularies in five languages', () => {
  const fieldsMd = readFileSync(`${REPO_ROOT}docs/fields.md`, 'utf8');

  it('are the generated tables of the catalogues the answers use (run `npm run docs:tables`)', () => {
    expect(fieldsMd).toBe(withVocabularyTables(fieldsMd));
  });

  it('name the terms each language’s literature uses where a glyph converter would be wrong', () => {
    expect(fieldsMd).toContain(
      '| `shishen.zheng_yin` | 印綬 (いんじゅ) | 正印 (zhèngyìn) | 正印 (zhèngyìn) | Direct Resource (zhèngyìn) | 정인 |',
    );
    // A reading equal to its label is not repeated after it (Korean labels are their own readings).
    expect(fieldsMd).not.toMatch(/\| ([^|(]+) \(\1\) \|/u);
    expect(fieldsMd).toMatch(/\| `jieqi\.jing_zhe` \| 啓蟄 \(けいちつ\) \| 惊蛰 [^|]*\| 驚蟄 [^|]*\| Awakening of Insects [^|]*\| 경칩 /);
    expect(fieldsMd).toMatch(/\| `kei_jisei` \| 恃勢の刑 \| 无恩之刑 \| 無恩之刑 \| Ungrateful Punishment \| 무은지형 \|/);
  });
});

describe('one reading per label', () => {
  it('魁罡 is かいごう everywhere (terms-five-languages; the star catalogue said かいこう, fields.md both)', () => {
    const fieldsMd = readFileSync(`${REPO_ROOT}docs/fields.md`, 'utf8');
    expect(SPECIAL_STAR_CATALOGUE.find((star) => star.name === '魁罡')?.reading).toBe('かいごう');
    expect(fieldsMd).not.toContain('かいこう');
  });
});

describe('docs/analysis.md ditiansui rules', () => {
  const analysisMd = readFileSync(`${REPO_ROOT}docs/analysis.md`, 'utf8');

  it('are the generated table of every rule id an answer may name (run `npm run docs:tables`)', () => {
    expect(analysisMd).toBe(withDitiansuiRules(analysisMd));
    for (const id of Object.keys(DTS_RULES)) expect(analysisMd, id).toContain(`| \`${id}\` |`);
  });
});
