/**
 * The MCP server's resources: the documents an assistant may read before it answers (the fields, the
 * analysis, the scores, the sources, the places, the MCP guide) and the vocabulary — every code of the
 * answers with its label in the five languages. Listed by URI (`four-pillars://docs/fields.md`,
 * `four-pillars://vocabulary`); read on demand, so a session pays for what it opens, not for the list.
 */
import { readFileSync } from 'node:fs';
import { CATALOGUES } from '../domain/catalogue/catalogues.ts';
import { LANGS } from '../domain/catalogue/lang.ts';
import { VOCABULARIES, type VocabularyCode } from '../domain/vocabulary/codes.ts';
import { labelOf } from '../domain/vocabulary/labels.ts';

export interface McpResource {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: string;
}

const DOCS_DIR = new URL('../../docs/', import.meta.url);

/** The documents, each with what a model would open it for. */
const DOCUMENTS: readonly { readonly file: string; readonly title: string; readonly description: string }[] = [
  { file: 'mcp.md', title: 'Using the tools', description: 'The tools, their costs and arguments, and an example conversation.' },
  {
    file: 'fields.md',
    title: 'Every field',
    description: 'Every request argument and answer field, the conventions, the special stars and their schools (large).',
  },
  {
    file: 'analysis.md',
    title: 'The classical analysis',
    description: '旺衰, 格局 with 成敗, 用神, 調候, 合化: the rules and their sources.',
  },
  {
    file: 'timeline.md',
    title: 'Timeline search',
    description: 'The timeline_search conditions (ten gods, relations, 天中殺, all/any/not), levels, ranges and bounds, with examples.',
  },
  { file: 'scores.md', title: 'Scores', description: 'How the 相性 score and the strength scores are computed.' },
  { file: 'sources.md', title: 'Sources', description: 'The books, tables and programs each rule is taken from.' },
  { file: 'places.md', title: 'Birthplaces', description: 'The gazetteer: what a place name resolves to.' },
];

export const VOCABULARY_URI = 'four-pillars://vocabulary';

export const MCP_RESOURCES: readonly McpResource[] = [
  ...DOCUMENTS.map(({ file, title, description }) => ({
    uri: `four-pillars://docs/${file}`,
    name: file,
    title,
    description,
    mimeType: 'text/markdown',
  })),
  {
    uri: VOCABULARY_URI,
    name: 'vocabulary',
    title: 'Vocabulary in five languages',
    description:
      'Every code of the answers (stems, branches, ten gods, 十二運, 納音, terms …) with its label in ja, zh-Hans, zh-Hant, en, ko.',
    mimeType: 'application/json',
  },
];

/** `{ namespace: { code: { ja, zh-Hans, zh-Hant, en, ko } } }`, made once. */
let vocabulary: string | undefined;
function vocabularyJson(): string {
  vocabulary ??= JSON.stringify(
    Object.fromEntries(
      Object.entries(VOCABULARIES).map(([namespace, codes]) => [
        namespace,
        Object.fromEntries(
          (codes as readonly VocabularyCode[]).map((code) => [
            code,
            Object.fromEntries(LANGS.map((lang) => [lang, labelOf(CATALOGUES[lang].labels, code)])),
          ]),
        ),
      ]),
    ),
  );
  return vocabulary;
}

/** A resource's text by URI, or undefined for a URI not listed (or a document missing from this deployment). */
export function readResource(uri: string): { readonly text: string; readonly mimeType: string } | undefined {
  const resource = MCP_RESOURCES.find((r) => r.uri === uri);
  if (resource === undefined) return undefined;
  if (uri === VOCABULARY_URI) return { text: vocabularyJson(), mimeType: resource.mimeType };
  try {
    // The name comes from the list above, never from the URI: a path cannot leave the docs folder.
    return { text: readFileSync(new URL(resource.name, DOCS_DIR), 'utf8'), mimeType: resource.mimeType };
  } catch {
    return undefined;
  }
}
