/**
 * Every citation in the code and the docs resolves inside the repository. A comment or a doc may cite
 * a source of docs/sources.md by its key, or a section of the repository's own docs, but never a
 * document the repository does not hold: the design notes and the interface specification kept
 * beside it, the research notes, `../shared/`, issue numbers.
 *
 * A source key is written in square brackets after the word "Source" or "Sources" on the same line
 * (`Source: [sityuu] 月律分野蔵干表`, `source: '[bazi-mcp] god.ts'`), or in a row of a Markdown table
 * whose header has a "Source" column. docs/sources.md defines each key once, as a list item that starts
 * with `- **[key]**`; every key it defines is cited somewhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/run-cli.ts';

/** What a citation may not name, and why. */
const FORBIDDEN: readonly { readonly pattern: RegExp; readonly what: string }[] = [
  { pattern: /\bDESIGN\b/, what: 'the design notes (cite docs/fields.md, docs/rest.md, docs/scores.md, docs/credits.md …)' },
  { pattern: /\b[Ss]pec(ification)? §/, what: 'the interface specification (cite docs/rest.md or docs/fields.md)' },
  { pattern: /\bresearch\/|\bresearch (note|§)/i, what: 'a research note (cite a docs/sources.md key)' },
  {
    pattern:
      /\b(domain|luck-and-relations|classical-analysis|solar-terms-accuracy|terms-five-languages|lunar-places-reverse|aesthetics|stack)\.md\b/,
    what: 'a research note (cite a docs/sources.md key)',
  },
  { pattern: /\b[\w-]+\.md §/, what: 'a numbered section of a document (name the section)' },
  { pattern: /\b[Ii]ssues? #?\d+/, what: 'an issue number (say what happened instead)' },
  { pattern: /\bshared\//, what: 'a file outside the repository' },
  { pattern: /\blater (MCP|luck)\b/, what: 'a stale plan' },
];

const KEY = String.raw`\[([A-Za-z0-9][A-Za-z0-9.-]*)\](?![([])`;
/** A key after the word Source(s); `[x]` not preceded by a word character (so not an index `a[i]`). */
const SOURCE_WORD = /\bsources?\b/i;
const KEY_IN_TEXT = new RegExp(String.raw`(?<![\w\])])${KEY}`, 'g');
const KEY_DEFINITION = /^- \*\*\[([A-Za-z0-9][A-Za-z0-9.-]*)\]\*\*/;

function filesUnder(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name)));
}

const FILES = [...filesUnder('src'), ...filesUnder('docs'), 'README.md'].sort();
/** The tests, benchmarks and scripts are code too: they may read the published term tables beside the repository, and cite nothing else outside it. */
const CODE_FILES = [...filesUnder('test'), ...filesUnder('bench'), ...filesUnder('scripts')]
  .filter((file) => file.endsWith('.ts'))
  // These two hold the forbidden patterns themselves, as the patterns they look for.
  .filter((file) => !file.endsWith(join('docs', 'citations.test.ts')) && !file.endsWith(join('docs', 'fields-glossary.test.ts')))
  .sort();
const linesOf = (files: readonly string[]) =>
  files.flatMap((file) =>
    readFileSync(join(REPO_ROOT, file), 'utf8')
      .split('\n')
      .map((text, index) => ({ file, line: index + 1, text })),
  );
const LINES = FILES.flatMap((file) =>
  readFileSync(join(REPO_ROOT, file), 'utf8')
    .split('\n')
    .map((text, index) => ({ file, line: index + 1, text })),
);

/** Every source key cited, with where: after "Source(s)" on a line, or in a table with a Source column. */
function citedKeys(): { key: string; at: string }[] {
  const cited: { key: string; at: string }[] = [];
  let inSourceTable = false;
  for (const { file, line, text } of LINES) {
    const isRow = text.trimStart().startsWith('|');
    if (!isRow) inSourceTable = false;
    else if (!inSourceTable && file.endsWith('.md')) {
      inSourceTable = text.split('|').some((cell) => /^\s*sources?\s*$/i.test(cell));
    }
    const word = SOURCE_WORD.exec(text);
    const scope = inSourceTable && isRow ? text : word ? text.slice(word.index) : '';
    for (const match of scope.matchAll(KEY_IN_TEXT)) cited.push({ key: match[1]!, at: `${file}:${line}` });
  }
  return cited;
}

const sourcesMd = LINES.filter(({ file }) => file === join('docs', 'sources.md'));
const defined = sourcesMd.flatMap(({ text }) => KEY_DEFINITION.exec(text)?.[1] ?? []);

describe('citations', () => {
  it('name nothing outside the repository (design notes, the specification, research notes, issues, ../shared)', () => {
    const found = LINES.flatMap(({ file, line, text }) =>
      FORBIDDEN.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `${file}:${line}: ${what}: ${text.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('the tests, benchmarks and scripts name nothing outside the repository either (but the published term tables they read)', () => {
    const found = linesOf(CODE_FILES).flatMap(({ file, line, text }) =>
      FORBIDDEN.filter(({ pattern }) => pattern.test(text.replaceAll('shared/published-solar-terms', ''))).map(
        ({ what }) => `${file}:${line}: ${what}: ${text.trim()}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('docs/sources.md defines each key once', () => {
    expect(defined.length).toBeGreaterThan(0);
    expect(defined.filter((key, index) => defined.indexOf(key) !== index)).toEqual([]);
  });

  it('every source key cited in src/, docs/ and README.md is defined in docs/sources.md', () => {
    const known = new Set(defined);
    const unknown = citedKeys()
      .filter(({ key }) => !known.has(key))
      .map(({ key, at }) => `${at}: [${key}]`);
    expect(unknown).toEqual([]);
  });

  it('every key docs/sources.md defines is cited outside it', () => {
    const cited = new Set(
      citedKeys()
        .filter(({ at }) => !at.startsWith(join('docs', 'sources.md')))
        .map(({ key }) => key),
    );
    expect(defined.filter((key) => !cited.has(key))).toEqual([]);
  });
});
