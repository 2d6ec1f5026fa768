/**
 * The opt-in sections added after the luck cycles, each beside the plain full
 * Variant B chart of the same 20,000 random requests: special stars, 相性 of two births, the
 * warnings, the alternatives over the default 30-minute window and over 720 minutes (a date only),
 * the convention differences, the 命式表 as data and as SVG, the 天中殺 periods, the palaces (胎元 …), and the
 * luck section with 10 大運 alone and with 小運, 日運 (a month, a year) or 時運 beside them. Runnable alone:
 * `node bench/sections.ts`.
 */
import { chartAlternatives, chartWarnings, conventionDifferences } from '../src/domain/chart/certainty.ts';
import { JA_CATALOGUE } from '../src/domain/catalogue/index.ts';
import { computeChartCore, type ChartCore } from '../src/domain/chart/chart-core.ts';
import { meishikiOf } from '../src/domain/chart/meishiki.ts';
import { meishikiSvg } from '../src/wire/present/meishiki-svg.ts';
import { parseChartRequest } from '../src/domain/chart/request.ts';
import { buildVariantBResult } from '../src/domain/chart/variants.ts';
import { compatibilityOf } from '../src/domain/compatibility/compatibility.ts';
import { specialStarsOf } from '../src/domain/stars/special-stars.ts';
import { voidPeriodsJson } from '../src/wire/sections/void-periods/json.ts';
import { palacesJson } from '../src/wire/sections/palaces/json.ts';
import { luckJson } from '../src/wire/present/luck-json.ts';
import type { LuckRequest } from '../src/domain/luck/luck-request.ts';
import { daysFromCivil } from '../src/domain/time/civil.ts';
import { randomRawRequests } from './calendar.ts';
import { catalogueFor } from '../src/domain/catalogue/catalogues.ts';
import { evidenceJson } from '../src/wire/present/evidence-json.ts';
import { answerVersionOf } from '../src/wire/answer-version.ts';
import { reportPdf } from '../src/adapters/pdf/report-pdf.ts';
import { reportDocument } from '../src/wire/report-layout.ts';
import { measure, type BenchRow } from './harness.ts';

/** A report of a gendered chart (a request's own core would carry the gender; the bench adds it). */
const reportOf = ([core, luck]: [ChartCore, LuckRequest]) =>
  reportPdf(
    reportDocument({
      core: { ...core, request: { ...core.request, luck } },
      catalogue: catalogueFor('ja'),
      luckYear: 2026,
      version: answerVersionOf(core.request),
    }),
  );
const withFontsRead = <T extends [ChartCore, LuckRequest]>(items: readonly T[]): readonly T[] => {
  reportOf(items[0]!);
  return items;
};

export function benchSections(count = 20_000): BenchRow[] {
  const cores: ChartCore[] = randomRawRequests(count, 7).map((raw) => {
    const parsed = parseChartRequest(raw);
    if (!parsed.ok) throw new Error('bad request');
    return computeChartCore(parsed.request);
  });
  const pairs = cores.map((core, i) => [core, cores[(i + 1) % cores.length]!] as const);
  const wide = cores.slice(0, 2_000).map((core) => ({ ...core, request: { ...core.request, uncertaintyMinutes: 720 } }));
  // The luck rows: each chart with a gender (alternating), as the 大運 and 小運 need one.
  const gendered = cores.map((core, i): [ChartCore, LuckRequest] => [core, { gender: i % 2 === 0 ? 'male' : 'female', method: 'EXACT' }]);
  const day = daysFromCivil(2026, 1, 1);
  const luckRow = (name: string, items: readonly [ChartCore, LuckRequest][], options: Parameters<typeof luckJson>[2], passes?: number) =>
    measure(name, items, ([core, luck]) => luckJson(core, luck, options, JA_CATALOGUE), passes);
  const rows = [
    measure('full Variant B result (from the chart core)', cores, (core) => buildVariantBResult(core, JA_CATALOGUE)),
    measure('special stars (defaults)', cores, (core) => specialStarsOf(core.pillars, JA_CATALOGUE)),
    measure('相性 of two charts', pairs, ([a, b]) =>
      compatibilityOf({ pillars: a.pillars, timeKnown: true }, { pillars: b.pillars, timeKnown: true }, JA_CATALOGUE.compatibility),
    ),
    measure('warnings (30-minute window)', cores, (core) => chartWarnings(core, JA_CATALOGUE.warnings)),
    measure('alternatives (±30 minutes)', cores, (core) => chartAlternatives(core)),
    measure('alternatives (±720 minutes)', wide, (core) => chartAlternatives(core), 3),
    measure('convention differences', cores, conventionDifferences),
    measure('命式表 as data', cores, (core) => meishikiOf(core, JA_CATALOGUE)),
    measure('命式表 as SVG', cores, (core) => meishikiSvg(meishikiOf(core, JA_CATALOGUE), JA_CATALOGUE)),
    measure('天中殺 periods (100 years, both schools)', cores, (core) => voidPeriodsJson(core, undefined, JA_CATALOGUE)),
    measure('天中殺 periods (12 years with months)', cores, (core) => voidPeriodsJson(core, { from: 2024, to: 2035 }, JA_CATALOGUE)),
    measure('胎元・胎息・命宮・身宮 (JSON, every school)', cores, (core) => palacesJson(core, JA_CATALOGUE)),
    luckRow('luck: 10 大運 (REST include=luck)', gendered, { cycles: 10 }),
    luckRow('luck: 10 大運 + 小運 (hour_pillar)', gendered, { cycles: 10, minor: 'hour_pillar' }),
    luckRow('luck: 10 大運 + 日運, 31 days', gendered.slice(0, 5_000), { cycles: 10, days: [day, day + 30] }),
    luckRow('luck: 10 大運 + 日運, 365 days (the most)', gendered.slice(0, 500), { cycles: 10, days: [day, day + 364] }, 3),
    luckRow('luck: 10 大運 + 時運, one day', gendered, { cycles: 10, hours: day }),
    measure('evidence (compact)', cores, (core) => evidenceJson(core, 'compact', catalogueFor('ja'))),
    // The fonts are read by a first report before the passes (about 0.3 s once per process).
    measure('鑑定書 PDF (ja, with 大運)', withFontsRead(gendered.slice(0, 60)), reportOf, 3),
  ];
  const base = rows[0]!;
  console.log(
    `\n## Opt-in sections, ${count.toLocaleString('en')} random charts (median of 7 passes; ±720 minutes: 2,000 charts, 3 passes; 日運 31 days: 5,000 charts; 365 days: 500 charts, 3 passes; PDF: 60 reports, 3 passes)`,
  );
  for (const row of rows) {
    const ratio = row === base ? '(baseline)' : `${(row.microsecondsPerItem / base.microsecondsPerItem).toFixed(2)}× the Variant B result`;
    console.log(`${row.name.padEnd(46)} ${row.microsecondsPerItem.toFixed(2).padStart(9)} µs/chart  ${ratio}`);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) benchSections();
