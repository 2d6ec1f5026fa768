import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
