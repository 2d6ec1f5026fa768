/**
 * 合冲刑害破 against literal tables of the relations (written out here
 * as the sources print them, not derived from our index formulas), and the listing on whole charts.
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { BRANCHES } from '../../../src/domain/calendar/branches.ts';
import { isBranchCombination, isBreak, isClash, isHarm, isStemCombination } from '../../../src/domain/calendar/relations.ts';
import { cycleIndexOf } from '../../../src/domain/calendar/sexagenary.ts';
import { STEMS } from '../../../src/domain/calendar/stems.ts';
import { luckPillarRelations, relationsAmong, type PlacedPillar, type Relation } from '../../../src/domain/chart/relations.ts';
import { relationJson } from '../../../src/wire/present/luck-json.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';

const z = (name: string) => BRANCHES.indexOf(name as (typeof BRANCHES)[number]);
const g = (name: string) => STEMS.indexOf(name as (typeof STEMS)[number]);
const pairs = (text: string) => text.split(' ').map((pair) => Array.from(pair));

/** Every unordered pair of branches: those listed hold the relation, all others do not. */
function expectExactly(test: (a: number, b: number) => boolean, listed: string) {
  const expected = new Set(pairs(listed).map(([a, b]) => [z(a!), z(b!)].sort((x, y) => x - y).join(',')));
  for (let a = 0; a < 12; a++)
    for (let b = a + 1; b < 12; b++) expect(test(a, b), `${BRANCHES[a]}${BRANCHES[b]}`).toBe(expected.has(`${a},${b}`));
}

describe('pair relations: the printed tables', () => {
  it('干合 甲己 乙庚 丙辛 丁壬 戊癸 and no other stem pair', () => {
    const listed = new Set(pairs('甲己 乙庚 丙辛 丁壬 戊癸').map(([a, b]) => `${g(a!)},${g(b!)}`));
    for (let a = 0; a < 10; a++) for (let b = a + 1; b < 10; b++) expect(isStemCombination(a, b)).toBe(listed.has(`${a},${b}`));
  });
  it('支合 子丑 寅亥 卯戌 辰酉 巳申 午未', () => expectExactly(isBranchCombination, '子丑 寅亥 卯戌 辰酉 巳申 午未'));
  it('冲 子午 丑未 寅申 卯酉 辰戌 巳亥', () => expectExactly(isClash, '子午 丑未 寅申 卯酉 辰戌 巳亥'));
  it('害 子未 丑午 寅巳 卯辰 申亥 酉戌', () => expectExactly(isHarm, '子未 丑午 寅巳 卯辰 申亥 酉戌'));
  it('破 子酉 丑辰 寅亥 卯午 巳申 未戌', () => expectExactly(isBreak, '子酉 丑辰 寅亥 卯午 巳申 未戌'));
});

const chart = (...names: string[]): PlacedPillar[] =>
  (['year', 'month', 'day', 'hour'] as const).slice(0, names.length).map((position, i) => {
    const [stem, branch] = Array.from(names[i]!);
    return { position, pillar: cycleIndexOf(g(stem!), z(branch!)) };
  });
const summary = (pillars: PlacedPillar[]) =>
  relationsAmong(pillars)
    .map((relation) => relationJson(relation, JA_CATALOGUE.relations))
    .map(
      (r) =>
        `${r.name}:${r.members.map((m) => `${m.pillar}.${m.part}`).join('+')}${r.element ? `:${r.element}` : ''}${r.adjacent ? ':adj' : ''}`,
    );

describe('pairs carrying several relations at once, on a natal chart', () => {
  it('巳申: 支合 + 刑 + 破', () => {
    expect(summary(chart('乙巳', '丙申'))).toEqual([
      '支合:year.branch+month.branch:水:adj',
      '破:year.branch+month.branch:adj',
      '恃勢の刑:year.branch+month.branch:adj',
    ]);
  });
  it('寅申: 冲 + 刑; with stems 甲庚 also 天剋地冲', () => {
    expect(summary(chart('甲寅', '庚申'))).toEqual([
      '冲:year.branch+month.branch:adj',
      '天剋地冲:year.stem+year.branch+month.stem+month.branch:adj',
      '恃勢の刑:year.branch+month.branch:adj',
    ]);
  });
  it('子卯: 無礼の刑 only; 子丑 with 甲己: 干合, 支合 and 天地徳合', () => {
    expect(summary(chart('甲子', '丁卯'))).toEqual(['無礼の刑:year.branch+month.branch:adj']);
    expect(summary(chart('甲子', '己丑'))).toEqual([
      '干合（中正の合）:year.stem+month.stem:土:adj',
      '支合:year.branch+month.branch:土:adj',
      '天地徳合:year.stem+year.branch+month.stem+month.branch:adj',
    ]);
  });
});

describe('sets of three', () => {
  it('申子辰 is a 三合 水局 (not three 半会); 子辰 alone is a 半会, 申辰 alone is not', () => {
    expect(summary(chart('甲申', '丙子', '戊辰'))).toContain('三合（水局）:year.branch+month.branch+day.branch:水:adj');
    expect(summary(chart('甲申', '丙子', '戊辰')).filter((r) => r.startsWith('半会'))).toEqual([]);
    expect(summary(chart('丙子', '戊辰'))).toContain('半会（水局）:year.branch+month.branch:水:adj');
    expect(summary(chart('甲申', '戊辰')).filter((r) => r.startsWith('半会'))).toEqual([]);
  });
  it('寅卯辰 is a 方合 木; 丑戌未 the 無恩の刑 as one triple; 午午 a 自刑; year–hour is not adjacent', () => {
    expect(summary(chart('甲寅', '丁卯', '戊辰'))).toContain('方合（木）:year.branch+month.branch+day.branch:木:adj');
    expect(summary(chart('乙丑', '丙戌', '丁未'))).toContain('無恩の刑:year.branch+month.branch+day.branch:adj');
    expect(summary(chart('甲午', '丙子', '戊辰', '庚午'))).toContain('自刑:year.branch+hour.branch');
  });
  it('a luck pillar lists only what it forms with the natal pillars', () => {
    const natal = chart('甲子', '丙寅', '戊辰', '庚午');
    const found = relationsAmong([...natal, { position: 'major', pillar: cycleIndexOf(g('壬'), z('申')) }], new Set(['major']));
    expect(found.every((r) => r.members.some((m) => m.pillar === 'major'))).toBe(true);
    expect(found.map((r) => relationJson(r, JA_CATALOGUE.relations).name)).toEqual(expect.arrayContaining(['冲', '三合（水局）']));
  });
});

describe('a luck pillar’s relations, read from the tables without building the pillar list', () => {
  // luckPillarRelations is the fast path the 大運, 歳運 and 月運 use; relationsAmong over the whole
  // pillar list with the luck pillar in focus is the general rule it must reproduce exactly.
  const random = mulberry32(14);
  const pillar = () => randomInt(random, 0, 59);
  const cases = Array.from({ length: 20_000 }, (_, i) => ({
    natal: { year: pillar(), month: pillar(), day: pillar(), hour: pillar() },
    focus: (['major', 'annual', 'monthly'] as const)[i % 3]!,
    major: i % 7 === 0 ? -1 : pillar(),
    annual: pillar(),
    pillar: pillar(),
  }));
  it('equals relationsAmong with the luck pillar in focus, member for member, for 20,000 random charts', () => {
    let nonEmpty = 0;
    let sets = 0;
    for (const c of cases) {
      const above: PlacedPillar[] = [];
      if (c.focus !== 'major' && c.major !== -1) above.push({ position: 'major', pillar: c.major });
      if (c.focus === 'monthly') above.push({ position: 'annual', pillar: c.annual });
      const natal = (['year', 'month', 'day', 'hour'] as const).map((position) => ({ position, pillar: c.natal[position] }));
      const expected = relationsAmong([...natal, ...above, { position: c.focus, pillar: c.pillar }], new Set([c.focus]));
      const major = c.focus === 'major' ? -1 : c.major;
      const annual = c.focus === 'monthly' ? c.annual : -1;
      const found = luckPillarRelations(c.natal, major, annual, c.pillar, c.focus);
      // The same relations; which object carries one (a shared one with an id, or one made for the call) may differ.
      const withoutId = (relations: readonly Relation[]) => relations.map(({ id: _id, ...relation }) => relation);
      expect(withoutId(found), JSON.stringify(c)).toEqual(withoutId(expected));
      if (found.length > 0) nonEmpty++;
      if (found.some((r) => r.members.length >= 3 && r.type !== 'HEAVEN_STRIKE_EARTH_CLASH' && r.type !== 'HEAVEN_EARTH_COMBINATION'))
        sets++;
    }
    // The sample exercises both branches of the rule, not only empty answers.
    expect(nonEmpty).toBeGreaterThan(15_000);
    expect(sets).toBeGreaterThan(1_000);
  });
});
