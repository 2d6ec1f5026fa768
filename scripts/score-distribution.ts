/**
 * Prints how each interpretive score and level falls over random charts 1900–2100 — the figures
 * docs/scores.md quotes for the level bands. Run: `node scripts/score-distribution.ts [charts]`.
 */
import { scoreDistribution } from './lib/score-distribution.ts';

const charts = Number(process.argv[2] ?? 20_000);
const PERCENTILES = [5, 10, 25, 35, 50, 65, 75, 90, 95];
for (const { name, scores, levels } of scoreDistribution(charts, 1)) {
  const at = (p: number): number => scores[Math.min(scores.length - 1, Math.floor((p / 100) * scores.length))]!;
  console.log(`${name} (min ${scores[0]}, max ${scores.at(-1)}): ${PERCENTILES.map((p) => `p${p} ${at(p)}`).join(', ')}`);
  console.log(`  ${levels.map(([label, share]) => `${label} ${(share * 100).toFixed(1)} %`).join(' · ')}`);
}
