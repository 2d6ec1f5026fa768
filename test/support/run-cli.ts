import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { budgetMs } from './time-budget.ts';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a CLI entry point (e.g. `src/cli/bazi.ts`) with Node's type stripping, as `npm run -s …` would. */
export function runCli(entry: string, args: string[], input = '', env: NodeJS.ProcessEnv = {}): CliRun {
  const result = spawnSync(process.execPath, [entry, ...args], {
    cwd: REPO_ROOT,
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const execFileAsync = promisify(execFile);

/** `npm run -s admin -- <args>` as an operator runs it, with `env` on top of this process's environment. */
export async function runAdminCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync('npm', ['run', '-s', 'admin', '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      timeout: budgetMs(60_000),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
