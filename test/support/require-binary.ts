/**
 * Tests that need a system binary (redis-server, chromium) run when it is on PATH, skip loudly when it
 * is not, and fail instead of skipping under CI=true.
 */
import { execFileSync } from 'node:child_process';

export function findBinary(...names: string[]): string | undefined {
  for (const name of names) {
    try {
      const path = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (path !== '') return path;
    } catch {
      // not on PATH: try the next name
    }
  }
  return undefined;
}

/** The binary's path; undefined (with a warning) when absent outside CI; throws when absent in CI. */
export function requireBinary(purpose: string, ...names: string[]): string | undefined {
  const path = findBinary(...names);
  if (path !== undefined) return path;
  const message = `${names.join(' / ')} not found on PATH: ${purpose} cannot run`;
  if (process.env.CI === 'true') throw new Error(`${message} (CI=true: failing instead of skipping)`);
  console.warn(`SKIPPING: ${message}`);
  return undefined;
}
