/**
 * Tiny benchmark harness: each case runs over the same pre-built inputs several times; we report the
 * median per-item time. Baselines are measured in the same process and run, so ratios stay meaningful
 * on a shared, noisy machine.
 */
export interface BenchRow {
  readonly name: string;
  readonly microsecondsPerItem: number;
}

const WARM_UP_ITEMS = 2_000;

/**
 * Median µs per item of `run(input)` over all `inputs`, in `rounds` passes after a warm-up on the
 * first items. Slow baselines (lunar-javascript, ~0.5 ms a chart) use one pass over the same inputs.
 */
export function measure<T>(name: string, inputs: readonly T[], run: (input: T) => unknown, rounds = 7): BenchRow {
  let sink = 0;
  const pass = (items: readonly T[]): number => {
    const started = process.hrtime.bigint();
    for (const input of items) if (run(input) !== undefined) sink++;
    return Number(process.hrtime.bigint() - started) / 1000 / items.length;
  };
  pass(inputs.slice(0, WARM_UP_ITEMS));
  const times = Array.from({ length: rounds }, () => pass(inputs)).sort((a, b) => a - b);
  if (sink < 0) console.log(sink);
  return { name, microsecondsPerItem: times[Math.floor(rounds / 2)]! };
}

/** 66× for large ratios, 1.35× for small ones (a rounded 1× says nothing). */
const ratioText = (ratio: number): string => `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(2)}×`;

export function printRows(title: string, rows: readonly BenchRow[], baseline?: BenchRow): void {
  console.log(`\n## ${title}`);
  for (const row of rows) {
    const ratio =
      baseline && row !== baseline
        ? `  (${ratioText(baseline.microsecondsPerItem / row.microsecondsPerItem)} faster than ${baseline.name})`
        : '';
    console.log(`${row.name.padEnd(58)} ${row.microsecondsPerItem.toFixed(2).padStart(9)} µs/chart${ratio}`);
  }
}
