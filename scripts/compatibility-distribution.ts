/**
 * Prints how the compatibility score and its levels fall over random pairs of births — the figures
 * docs/scores.md quotes for the level bands. Run: `node scripts/compatibility-distribution.ts [pairs]`.
 */
import { compatibilityDistribution } from './lib/compatibility-distribution.ts';

const pairs = Number(process.argv[2] ?? 20_000);
const PERCENTILES = [5, 10, 25, 35, 50, 65, 75, 90, 95];
const { scores, levels } = compatibilityDistribution(pairs, 1);
const at = (p: number): number => scores[Math.min(scores.length - 1, Math.floor((p / 100) * scores.length))]!;
console.log(`compatibility (min ${scores[0]}, max ${scores.at(-1)}): ${PERCENTILES.map((p) => `p${p} ${at(p)}`).join(', ')}`);
console.log(`  ${levels.map(([label, share]) => `${label} ${(share * 100).toFixed(1)} %`).join(' · ')}`);
