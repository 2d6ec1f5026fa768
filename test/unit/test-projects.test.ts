/**
 * The suite's tiers (vitest.config.ts `test.projects`: unit, integration, fault, e2e) split the test
 * files between them: every file under test/ is in exactly one, so `npm test` (every project) runs
 * each file once and `npm run test:unit` and the other tier commands together leave none out.
 */
import { globSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { configDefaults } from 'vitest/config';
import { expect, it } from 'vitest';
import config from '../../vitest.config.ts';
import { REPO_ROOT } from '../support/run-cli.ts';

interface Tier {
  readonly name: string;
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

function tiers(): Tier[] {
  return (config.test?.projects ?? []).map((project) => {
    if (typeof project !== 'object' || project instanceof Promise || !('test' in project)) {
      throw new Error('every project is declared inline in vitest.config.ts');
    }
    const test = project.test ?? {};
    return { name: test.name as string, include: test.include ?? [], exclude: test.exclude ?? configDefaults.exclude };
  });
}

const inTier = (file: string, tier: Tier): boolean =>
  tier.include.some((pattern) => matchesGlob(file, pattern)) && !tier.exclude.some((pattern) => matchesGlob(file, pattern));

it('declares the four tiers, the fault tier one file at a time', () => {
  expect(tiers().map((tier) => tier.name)).toEqual(['unit', 'integration', 'fault', 'e2e']);
  const fault = (config.test?.projects ?? []).find(
    (project) => typeof project === 'object' && 'test' in project && project.test?.name === 'fault',
  ) as { test: { fileParallelism?: boolean } };
  expect(fault.test.fileParallelism).toBe(false);
});

it('puts every test file in exactly one tier', () => {
  const files = globSync('test/**/*.test.ts', { cwd: REPO_ROOT }).sort();
  expect(files.length).toBeGreaterThan(100);
  const all = tiers();
  const misplaced = files
    .map((file) => ({ file, tiers: all.filter((tier) => inTier(file, tier)).map((tier) => tier.name) }))
    .filter((entry) => entry.tiers.length !== 1);
  expect(misplaced, 'files in no tier ([]) or in several').toEqual([]);
});

it('names only files that exist (no stale entry in a tier’s list)', () => {
  const files = new Set(globSync('test/**/*.test.ts', { cwd: REPO_ROOT }));
  const literal = tiers()
    .flatMap((tier) => [...tier.include, ...tier.exclude])
    .filter((pattern) => pattern.startsWith('test/') && !/[*?{[]/.test(pattern));
  expect(literal.length).toBeGreaterThan(0);
  expect(literal.filter((file) => !files.has(file))).toEqual([]);
});
