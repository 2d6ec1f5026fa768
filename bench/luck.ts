/**
 * Luck cycles: what 10 大運 and 100 歳運 add to a full Variant B chart, against the plain
 * full Variant B chart; the goal is at most 3× its cost. Two views of the same work:
 * - in process, for the same 20,000 random requests: every luck field but relations (what a GraphQL
 *   client selecting them makes the domain compute), and everything REST's `include=luck` writes,
 *   relations included (about 40× the plain chart's output values);
 * - over HTTP with wrk, as a client pays for it: GraphQL `calculate` with the full selection, plus
 *   `luck` without and with every relation, charging through a real Redis.
 * Runnable alone: `node bench/luck.ts`.
 */
import { computeChartCore } from '../src/domain/chart/chart-core.ts';
import { JA_CATALOGUE } from '../src/domain/catalogue/index.ts';
import { parseChartRequest } from '../src/domain/chart/request.ts';
import { buildVariantBResult } from '../src/domain/chart/variants.ts';
import { luckJson } from '../src/wire/present/luck-json.ts';
import { luckOf, type LuckPillar, type Period } from '../src/domain/luck/luck.ts';
import { print } from 'graphql';
import { startRedisServer } from '../test/support/redis-server.ts';
import { CalculateFullDocument } from '../test/graphql/generated/operations.ts';
import { randomRawRequests, type RawRequest } from './calendar.ts';
import { load, printLoad, startChildServer, variedBirths, type LoadResult } from './child-server.ts';
import { measure, type BenchRow } from './harness.ts';

/**
 * The goal is for a chart with its luck: 10 大運 and 100 歳運 with their fields. Every
 * relation of every luck pillar is measured too, without a goal: it is about 4 times the luck
 * fields' output (4,978 values against 1,149 for a 1985 birth; the plain chart has 125).
 */
const RELATIONS_NOTE =
  '(goal: the luck fields; with every relation of 110 luck pillars the answer holds ~4× more values, ~40× the plain chart’s)';

export function benchLuck(count = 20_000): BenchRow[] {
  // Births 1900–1999, so that 100 years from the birth year stay inside the term table.
  const requests = randomRawRequests(count, 11).map((r, i) => ({
    ...r,
    year: 1900 + (r.year % 100),
    gender: i % 2 === 0 ? 'male' : 'female',
  }));
  const plain = (raw: RawRequest) => {
    const parsed = parseChartRequest(raw);
    return parsed.ok ? buildVariantBResult(computeChartCore(parsed.request), JA_CATALOGUE) : undefined;
  };
  const withLuck = (raw: RawRequest) => {
    const parsed = parseChartRequest(raw);
    if (!parsed.ok || parsed.request.luck === undefined) return undefined;
    const core = computeChartCore(parsed.request);
    return Object.assign(buildVariantBResult(core, JA_CATALOGUE), {
      luck: luckJson(core, parsed.request.luck, { cycles: 10, years: [raw.year, raw.year + 99] }, JA_CATALOGUE),
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
    return [buildVariantBResult(core, JA_CATALOGUE), luck.cycles(10).map(pillar), luck.years(raw.year, raw.year + 99).map(pillar)];
  };
  const plainRow = measure('full Variant B result', requests, plain);
  const leanRow = measure('  + luck: 10 大運, 100 歳運, every field but relations', requests, withLuckNoRelations);
  const luckRow = measure('  + luck as REST include=luck serialises it (relations too)', requests, withLuck);
  console.log(`\n## Luck cycles, ${count.toLocaleString('en')} random requests (median of 7 passes)`);
  for (const row of [plainRow, leanRow, luckRow]) {
    const goal = row === leanRow ? ' (goal ≤ 3×)' : '';
    const ratio =
      row === plainRow ? '(baseline)' : `${(row.microsecondsPerItem / plainRow.microsecondsPerItem).toFixed(2)}× the plain chart${goal}`;
    console.log(`${row.name.padEnd(58)} ${row.microsecondsPerItem.toFixed(2).padStart(9)} µs/chart  ${ratio}`);
  }
  console.log(RELATIONS_NOTE);
  return [plainRow, leanRow, luckRow];
}

/**
 * The same through HTTP as a client sees it: GraphQL `calculate` with the full Variant B selection,
 * and with it `luck` (10 大運 and 100 歳運, every field but relations), both charging through Redis.
 */
export async function benchLuckHttp(): Promise<LoadResult[]> {
  const redis = await startRedisServer();
  const app = await startChildServer<{ apiKey: string }>('./app-server.ts', { REDIS_URL: redis.url, LOG_LEVEL: 'silent' });
  try {
    const url = `http://127.0.0.1:${app.info.port}/graphql`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${app.info.apiKey}` };
    const births = variedBirths(1_000).map((b) => ({ ...b, year: 1900 + (b.year % 100), gender: b.day % 2 === 0 ? 'MALE' : 'FEMALE' }));
    const full = print(CalculateFullDocument);
    const pillarFields = 'ganzhi stemTenGod branchTenGod lifeStage nayin isVoid startsAt endsAt';
    const withLuck = full.replace(
      /result \{\s*\.\.\.FullResultB\s*\}/,
      `result { ...FullResultB luck { direction method startAge { years months days hours minutes } startAgeRounded startsAt referenceTerm referenceTermAt preLuck { ${pillarFields} } cycles(count: 10) { index ${pillarFields} ageFrom ageTo kazoeFrom kazoeTo } years(from: $from, to: $to) { year majorIndex ${pillarFields} } } }`,
    );
    if (withLuck === full) throw new Error('bench/luck.ts: the full selection no longer has `result { ...FullResultB }`');
    const luckDocument = withLuck.replace('$idempotencyKey: String)', '$idempotencyKey: String, $from: Int!, $to: Int!)');
    const bodies = (query: string, luck: boolean) =>
      births.map((input) =>
        JSON.stringify({ query, variables: { input, variant: 'B', ...(luck ? { from: input.year, to: input.year + 99 } : {}) } }),
      );
    const sample = await fetch(url, { method: 'POST', headers, body: bodies(luckDocument, true)[0] });
    const sampleJson = (await sample.json()) as { errors?: unknown; data?: { calculate?: { result?: { luck?: { years?: unknown[] } } } } };
    if (sampleJson.errors !== undefined || sampleJson.data?.calculate?.result?.luck?.years?.length !== 100) {
      throw new Error(`luck query failed: ${JSON.stringify(sampleJson).slice(0, 500)}`);
    }
    const relationsDocument = luckDocument.replaceAll(
      'isVoid startsAt endsAt',
      'isVoid startsAt endsAt relations { type code name members { pillar part } element adjacent }',
    );
    const serverPid = app.pid;
    const plainRow = await load('calculate, full Variant B selection', { url, headers, bodies: bodies(full, false), serverPid });
    const luckRow = await load('  + luck: 10 大運, 100 歳運 (no relations)', {
      url,
      headers,
      bodies: bodies(luckDocument, true),
      serverPid,
    });
    const relationsRow = await load('  + luck with every relation', { url, headers, bodies: bodies(relationsDocument, true), serverPid });
    const rows = [plainRow, luckRow, relationsRow];
    printLoad('Luck cycles over GraphQL', rows, plainRow);
    for (const row of [luckRow, relationsRow]) {
      const goal = row === luckRow ? ' (goal ≤ 3×)' : '';
      console.log(
        `${row.name.trim()}: ${(plainRow.requestsPerSec / row.requestsPerSec).toFixed(2)}× the plain chart's cost per request${goal}`,
      );
    }
    console.log(RELATIONS_NOTE);
    return rows;
  } finally {
    await app.stop();
    await redis.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchLuck();
  await benchLuckHttp();
}
