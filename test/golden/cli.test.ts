/**
 * The CLI's golden answers (recorded before the registries and the shared wire format): `bazi chart` in both variants
 * with every opt-in section, a three-pillar chart, an error line, the 命式表, and `bazi terms`.
 * `GOLDEN_RECORD=1 npx vitest run test/golden` rewrites the record: only when a change is intended.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.ts';

const RECORD = new URL('./cli-answers.json', import.meta.url);
const ALL = 'luck,relations,special_stars,warnings,alternatives,convention_differences';
const lines = (...requests: Record<string, unknown>[]): string => requests.map((r) => JSON.stringify(r)).join('\n') + '\n';
const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };

const RUNS: readonly { readonly name: string; readonly args: string[]; readonly input?: string }[] = [
  {
    name: 'chart B, every section',
    args: ['chart', '--variant', 'B', '--include', ALL],
    input: lines(
      { ...BIRTH, gender: 'female', luck_years: '2024-2025', luck_months: 2024 },
      { year: 2021, month: 1, day: 5, location: 139.69, time_unknown: true },
      { ...BIRTH, month: 13 },
    ),
  },
  {
    name: 'chart A, per-line include and star options',
    args: ['chart', '--variant', 'A'],
    input: lines(
      { ...BIRTH, include: ['special_stars'], star_academy: 'year_nayin', star_blood_blade: true },
      { year: 2024, month: 2, day: 4, time: '17:20', location: 135, zokan_count: 'elapsed', include: 'warnings,alternatives' },
    ),
  },
  {
    name: 'table',
    args: ['chart', '--format', 'table'],
    input: lines(BIRTH, { year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true }),
  },
  { name: 'terms', args: ['terms', '2024', '--timezone', 'Europe/Berlin'] },
];

describe('golden set: CLI answers stay byte-identical', () => {
  const answers = RUNS.map(({ name, args, input }) => {
    const run = runCli('src/cli/bazi.ts', args, input ?? '');
    return { name, status: run.status, stdout: run.stdout };
  });
  if (process.env['GOLDEN_RECORD'] === '1') writeFileSync(RECORD, `${JSON.stringify(answers, null, 1)}\n`);

  it.each(RUNS.map((run, index) => [run.name, index] as const))('%s', (_name, index) => {
    expect(existsSync(RECORD)).toBe(true);
    const recorded = JSON.parse(readFileSync(RECORD, 'utf8')) as typeof answers;
    expect(recorded.map((a) => a.name)).toEqual(RUNS.map((r) => r.name));
    expect(answers[index]).toEqual(recorded[index]);
  });
});
