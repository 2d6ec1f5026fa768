/**
 * Full charts: validation + calendar core + every analysis section of Variant A and of
 * Variant B, beside lunar-javascript's EightChar asked for pillars, ten gods, hidden stems, 納音,
 * 地势 and 旬空 of all four pillars, for the same 100,000 random requests; and the classical analysis
 * (`include=analysis`: strength by three methods, the 格 by two schools with every 外格 check) beside
 * the Variant B result it is appended to.
 */
import lunar from 'lunar-javascript';
import { computeChartCore } from '../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../src/domain/chart/request.ts';
import { buildVariantAResult, buildVariantBResult } from '../src/domain/chart/variants.ts';
import { analysisJson } from '../src/wire/present/analysis-json.ts';
import { JA_CATALOGUE } from '../src/domain/catalogue/index.ts';
import { randomRawRequests, type RawRequest } from './calendar.ts';
import { measure, printRows, type BenchRow } from './harness.ts';

function lunarFullEightChar(r: RawRequest): number {
  const c = lunar.Solar.fromYmdHms(r.year, r.month, r.day, r.hour, r.minute, 0).getLunar().getEightChar();
  const parts = [
    c.getYear(),
    c.getMonth(),
    c.getDay(),
    c.getTime(),
    c.getYearShiShenGan(),
    c.getMonthShiShenGan(),
    c.getDayShiShenGan(),
    c.getTimeShiShenGan(),
    ...c.getYearHideGan(),
    ...c.getMonthHideGan(),
    ...c.getDayHideGan(),
    ...c.getTimeHideGan(),
    c.getYearNaYin(),
    c.getMonthNaYin(),
    c.getDayNaYin(),
    c.getTimeNaYin(),
    c.getYearDiShi(),
    c.getMonthDiShi(),
    c.getDayDiShi(),
    c.getTimeDiShi(),
    c.getYearXunKong(),
    c.getMonthXunKong(),
    c.getDayXunKong(),
    c.getTimeXunKong(),
  ];
  return parts.length;
}

export function benchAnalysis(count = 100_000): BenchRow[] {
  const requests = randomRawRequests(count, 7);
  const lunarRow = measure('lunar-javascript full EightChar', requests, lunarFullEightChar, 1);
  const full = (build: (core: ReturnType<typeof computeChartCore>, catalogue: typeof JA_CATALOGUE) => unknown) => (raw: RawRequest) => {
    const parsed = parseChartRequest(raw);
    return parsed.ok ? build(computeChartCore(parsed.request), JA_CATALOGUE) : undefined;
  };
  const cores = requests.flatMap((raw) => {
    const parsed = parseChartRequest(raw);
    return parsed.ok ? [computeChartCore(parsed.request)] : [];
  });
  const rows = [
    lunarRow,
    measure('full Variant A result (validate + core + analysis)', requests, full(buildVariantAResult)),
    measure('full Variant B result (validate + core + analysis)', requests, full(buildVariantBResult)),
    measure('full classical analysis (validate + core + include=analysis)', requests, full(analysisJson)),
  ];
  printRows(
    `Full charts, ${count.toLocaleString('en')} random requests (ours: median of 7 passes; lunar-javascript: 1 pass)`,
    rows,
    lunarRow,
  );
  const plainB = rows[2]!;
  // What include=analysis adds to a chart already computed, against the plain Variant B chart itself.
  const added = measure('include=analysis on a computed chart (analysis only)', cores, (core) => analysisJson(core, JA_CATALOGUE));
  printRows('The classical analysis against the plain Variant B chart', [plainB, added], plainB);
  return [...rows, added];
}

if (import.meta.url === `file://${process.argv[1]}`) benchAnalysis();
