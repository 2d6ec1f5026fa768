/**
 * docs/rest.md's request table is generated from the request contract and the chart options
 * (`npm run docs:tables`): it lists every field and option the calculate paths accept, with the rule
 * the schema enforces. Before issue 26 the hand-written table lacked `gender`, `include`,
 * `uncertainty_minutes` and the `luck_*` options.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHART_MEMBER_NAMES } from '../../src/application/operations/chart-extras.ts';
import { withRequestTable } from '../../src/http/rest/request-table.ts';
import { REPO_ROOT } from '../support/run-cli.ts';

const restMd = readFileSync(`${REPO_ROOT}docs/rest.md`, 'utf8');

describe('docs/rest.md request table', () => {
  it('is the generated table (run `npm run docs:tables` after changing a field or an option)', () => {
    expect(restMd).toBe(withRequestTable(restMd));
  });

  it('names every member a calculate request may carry', () => {
    for (const name of CHART_MEMBER_NAMES) expect(restMd, name).toContain(`| \`${name}\` |`);
  });
});
