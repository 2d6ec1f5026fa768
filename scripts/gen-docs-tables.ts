/** Writes the generated tables of the docs (docs/rest.md's request table, docs/fields.md's score levels and vocabularies in five languages, docs/shapes.md). Run: npm run docs:tables */
import { readFileSync, writeFileSync } from 'node:fs';
import { withDitiansuiRules, withRequestTable, withScoreLevels } from '../src/http/rest/docs-tables.ts';
import { withVocabularyTables } from '../src/http/rest/docs-vocabulary.ts';
import { shapeReference } from '../src/http/rest/docs-shapes.ts';

for (const [file, generate] of [
  ['rest.md', withRequestTable],
  ['fields.md', (markdown: string) => withVocabularyTables(withScoreLevels(markdown))],
  ['analysis.md', withDitiansuiRules],
] as const) {
  const path = new URL(`../docs/${file}`, import.meta.url);
  writeFileSync(path, generate(readFileSync(path, 'utf8')));
}
writeFileSync(new URL('../docs/shapes.md', import.meta.url), shapeReference());
