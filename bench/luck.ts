/**
 * Luck cycles (issue 14): a full Variant B chart with `luck` — 10 大運 and 100 歳運, every field and
 * relation, as REST's `include=luck` serialises them — against the plain full Variant B chart, for
 * the same 20,000 random requests. The goal is at most 3× the plain chart. Runnable alone:
 * `node bench/luck.ts`.
 */
import { computeChartCore } from '../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../src/domain/chart/request.ts';
import { buildVariantBResult } from '../src/domain/chart/variants.ts';
import { luckJson } from '../src/domain/luck/luck-json.ts';
import { luckOf, type LuckPillar, type Period } from '../src/domain/luck/luck.ts';
import { randomRawRequests, type RawRequest } from './calendar.ts';
import { measure, type BenchRow } from './harness.ts';

export function benchLuck(count = 20_000): BenchRow[] {
  // Births 1900–1999, so that 100 years from the birth year stay inside the term table.
  const requests = randomRawRequests(count, 11).map((r, i) => ({
    ...r,
    year: 1900 + (r.year % 100),
    gender: i % 2 === 0 ? 'male' : 'female',
  }));
  const plain = (raw: RawRequest) => {
    const parsed = parseChartRequest(raw);
    return parsed.ok ? buildVariantBResult(computeChartCore(parsed.request)) : undefined;
  };
  const withLuck = (raw: RawRequest) => {
    const parsed = parseChartRequest(raw);
    if (!parsed.ok || parsed.request.luck === undefined) return undefined;
    const core = computeChartCore(parsed.request);
    return Object.assign(buildVariantBResult(core), {
      luck: luckJson(core, parsed.request.luck, { cycles: 10, years: [raw.year, raw.year + 99] }),
    });
  };
  // What a GraphQL client selecting every luck field but `relations` makes the server compute.
  const withLuckNoRelations = (raw: RawRequest) => {
    const parsed = parseChartRequest(raw);
    if (!parsed.ok || parsed.request.luck === undefined) return undefined;
    const core = computeChartCore(parsed.request);
    const luck = luckOf(core, parsed.request.luck);
    const pillar = (p: LuckPillar & Period) => [
      p.ganzhi,
      p.stemTenGod,
      p.branchTenGod,
      p.lifeStage,
      p.nayin,
      p.isVoid,
      p.startsAt,
      p.endsAt,
    ];
    return [buildVariantBResult(core), luck.cycles(10).map(pillar), luck.years(raw.year, raw.year + 99).map(pillar)];
  };
  const plainRow = measure('full Variant B result', requests, plain);
  const leanRow = measure('  + luck: 10 大運, 100 歳運, every field but relations', requests, withLuckNoRelations);
  const luckRow = measure('  + luck as REST include=luck serialises it (relations too)', requests, withLuck);
  console.log(`\n## Luck cycles, ${count.toLocaleString('en')} random requests (median of 7 passes)`);
  for (const row of [plainRow, leanRow, luckRow]) {
    const ratio =
      row === plainRow
        ? '(baseline)'
        : `${(row.microsecondsPerItem / plainRow.microsecondsPerItem).toFixed(2)}× the plain chart (goal ≤ 3×)`;
    console.log(`${row.name.padEnd(58)} ${row.microsecondsPerItem.toFixed(2).padStart(9)} µs/chart  ${ratio}`);
  }
  return [plainRow, leanRow, luckRow];
}

if (import.meta.url === `file://${process.argv[1]}`) benchLuck();
