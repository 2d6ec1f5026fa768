/**
 * The opt-in sections added after the luck cycles, each beside the plain full
 * Variant B chart of the same 20,000 random requests: special stars, 相性 of two births, the
 * warnings, the alternatives over the default 30-minute window and over 720 minutes (a date only),
 * the convention differences, the 命式表 as data and as SVG, the 天中殺 periods and the palaces (胎元 …). Runnable alone: `node bench/sections.ts`.
 */
import { chartAlternatives, chartWarnings, conventionDifferences } from '../src/domain/chart/certainty.ts';
import { computeChartCore, type ChartCore } from '../src/domain/chart/chart-core.ts';
import { meishikiOf } from '../src/domain/chart/meishiki.ts';
import { meishikiSvg } from '../src/domain/chart/meishiki-svg.ts';
import { parseChartRequest } from '../src/domain/chart/request.ts';
import { buildVariantBResult } from '../src/domain/chart/variants.ts';
import { compatibilityOf } from '../src/domain/compatibility/compatibility.ts';
import { specialStarsOf } from '../src/domain/stars/special-stars.ts';
import { voidPeriodsJson } from '../src/domain/luck/void-periods-json.ts';
import { palacesJson } from '../src/domain/chart/palaces-json.ts';
import { randomRawRequests } from './calendar.ts';
import { measure, type BenchRow } from './harness.ts';

export function benchSections(count = 20_000): BenchRow[] {
  const cores: ChartCore[] = randomRawRequests(count, 7).map((raw) => {
    const parsed = parseChartRequest(raw);
    if (!parsed.ok) throw new Error('bad request');
    return computeChartCore(parsed.request);
  });
  const pairs = cores.map((core, i) => [core, cores[(i + 1) % cores.length]!] as const);
  const wide = cores.slice(0, 2_000).map((core) => ({ ...core, request: { ...core.request, uncertaintyMinutes: 720 } }));
  const rows = [
    measure('full Variant B result (from the chart core)', cores, buildVariantBResult),
    measure('special stars (defaults)', cores, (core) => specialStarsOf(core.pillars)),
    measure('相性 of two charts', pairs, ([a, b]) =>
      compatibilityOf({ pillars: a.pillars, timeKnown: true }, { pillars: b.pillars, timeKnown: true }),
    ),
    measure('warnings (30-minute window)', cores, (core) => chartWarnings(core)),
    measure('alternatives (±30 minutes)', cores, (core) => chartAlternatives(core)),
    measure('alternatives (±720 minutes)', wide, (core) => chartAlternatives(core), 3),
    measure('convention differences', cores, conventionDifferences),
    measure('命式表 as data', cores, meishikiOf),
    measure('命式表 as SVG', cores, (core) => meishikiSvg(meishikiOf(core))),
    measure('天中殺 periods (100 years, both schools)', cores, (core) => voidPeriodsJson(core, undefined)),
    measure('天中殺 periods (12 years with months)', cores, (core) => voidPeriodsJson(core, { from: 2024, to: 2035 })),
    measure('胎元・胎息・命宮・身宮 (JSON, every school)', cores, (core) => palacesJson(core)),
  ];
  const base = rows[0]!;
  console.log(
    `\n## Opt-in sections, ${count.toLocaleString('en')} random charts (median of 7 passes; ±720 minutes: 2,000 charts, 3 passes)`,
  );
  for (const row of rows) {
    const ratio = row === base ? '(baseline)' : `${(row.microsecondsPerItem / base.microsecondsPerItem).toFixed(2)}× the Variant B result`;
    console.log(`${row.name.padEnd(46)} ${row.microsecondsPerItem.toFixed(2).padStart(9)} µs/chart  ${ratio}`);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) benchSections();
