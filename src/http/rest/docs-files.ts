/**
 * `GET /docs/…`: the project's own documents (docs/*.md as Markdown, docs/samples/*.json), so the
 * landing page can link the docs from any deployment. Read once, on the first request; only files
 * that exist at that moment are served, and a path never leaves the docs folder (names are looked
 * up in the listing, never joined onto a path).
 */
import { readdirSync, readFileSync } from 'node:fs';

const DOCS_DIR = new URL('../../../docs/', import.meta.url);

export interface DocFile {
  readonly body: string;
  readonly contentType: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

function readDocs(): ReadonlyMap<string, DocFile> {
  const files = new Map<string, DocFile>();
  for (const folder of ['', 'samples/']) {
    let names: string[];
    try {
      names = readdirSync(new URL(folder, DOCS_DIR));
    } catch {
      continue; // a deployment without the docs folder serves none
    }
    for (const name of names) {
      const contentType = CONTENT_TYPES[name.slice(name.lastIndexOf('.'))];
      if (contentType === undefined) continue;
      files.set(`/docs/${folder}${name}`, { body: readFileSync(new URL(folder + name, DOCS_DIR), 'utf8'), contentType });
    }
  }
  return files;
}

let docs: ReadonlyMap<string, DocFile> | undefined;

/** The document at a request path (`/docs/fields.md`), or undefined. */
export function docAt(path: string): DocFile | undefined {
  docs ??= readDocs();
  return docs.get(path);
}
