/**
 * `npm run lint:openapi`: Redocly CLI's `lint` (rules in redocly.yaml: `recommended`) on the
 * document `GET /openapi.json` serves, written to a temporary file. test/rest/openapi-lint.test.ts
 * runs it and expects no problem at all.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../src/http/rest/openapi.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const REDOCLY_CLI = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

export interface LintProblem {
  readonly ruleId: string;
  readonly severity: string;
  readonly message: string;
  readonly location: readonly { readonly pointer: string }[];
}

export interface LintReport {
  readonly exitCode: number | null;
  readonly totals: { readonly errors: number; readonly warnings: number; readonly ignored: number };
  readonly problems: readonly LintProblem[];
}

function runLint(document: unknown, format: 'json' | 'stylish', stdio: 'pipe' | 'inherit') {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
    return spawnSync(process.execPath, [REDOCLY_CLI, 'lint', file, '--config', join(REPO_ROOT, 'redocly.yaml'), '--format', format], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', stdio, stdio],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lints a document (by default the served one) and returns Redocly's JSON report. */
export function lintOpenApi(document: unknown = openApiDocument()): LintReport {
  const run = runLint(document, 'json', 'pipe');
  if (run.error !== undefined) throw run.error;
  let report: Omit<LintReport, 'exitCode'>;
  try {
    report = JSON.parse(run.stdout) as Omit<LintReport, 'exitCode'>;
  } catch {
    throw new Error(`redocly lint printed no JSON report (exit ${String(run.status)}): ${run.stderr}`);
  }
  return { exitCode: run.status, totals: report.totals, problems: report.problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = runLint(openApiDocument(), 'stylish', 'inherit').status ?? 1;
}
