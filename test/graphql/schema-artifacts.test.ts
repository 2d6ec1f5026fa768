import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import { printedSchema } from '../../scripts/print-schema.ts';
import config from '../../codegen.ts';
import { REPO_ROOT } from '../support/run-cli.ts';

const read = (path: string): string => readFileSync(new URL(path, `file://${REPO_ROOT}/`), 'utf8');

describe('committed GraphQL artifacts', () => {
  it('schema.graphql is the printed, sorted schema (run `npm run schema:print`)', () => {
    expect(read('schema.graphql')).toBe(printedSchema());
  });

  it('the codegen output is current (run `npm run codegen`)', async () => {
    const outputs = await generate({ ...config, cwd: REPO_ROOT, silent: true }, false);
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) expect(read(output.filename), output.filename).toBe(output.content);
  });

  it('every type and field carries a description', () => {
    const sdl = read('schema.graphql');
    const undocumented = sdl
      .split('\n')
      .map((line, i, lines) => ({ line: line.trim(), previous: lines[i - 1]?.trim() ?? '' }))
      .filter(({ line, previous }) => /^(type|interface|union|enum|input) |^[a-zA-Z]+(\(.*\))?: /.test(line) && !previous.endsWith('"""'));
    expect(undocumented).toEqual([]);
  });
});
