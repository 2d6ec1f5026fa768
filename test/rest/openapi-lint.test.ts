/** Redocly CLI's `lint` with its recommended rules (redocly.yaml) finds nothing in /openapi.json. */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/http/rest/openapi.ts';
import { lintOpenApi, type LintProblem } from '../../scripts/lint-openapi.ts';

const summary = (problem: LintProblem) =>
  `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`;

describe('/openapi.json under Redocly lint (recommended)', () => {
  it('has no error and no warning (run `npm run lint:openapi`)', () => {
    const report = lintOpenApi();
    expect(report.problems.map(summary)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    expect(report.exitCode).toBe(0);
  });

  it('the lint does run its rules: a document without operationId and license is reported', () => {
    const broken = structuredClone(openApiDocument()) as unknown as {
      info: Record<string, unknown>;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    delete broken.info['license'];
    delete broken.paths['/health']!['get']!['operationId'];
    const report = lintOpenApi(broken);
    expect(report.problems.map((problem) => problem.ruleId).sort()).toEqual(['info-license', 'operation-operationId']);
  });
});
