/**
 * Reads ../shared/published-solar-terms/published-terms.txt (third-party published minutes; read in
 * place, never copied into the repo). Blocks start with `@source|utcOffsetHours`, then lines
 * `YYYY-MM-DD HH:MM name` in that source's local standard time.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where the published minutes are: `PUBLISHED_TERMS_FILE`, else the shared folder beside the
 * checkout. A clone elsewhere has neither unless told, and its published-minute tests are skipped
 * (the README says so; CI=true does not make them fail: the data is not ours to ship).
 */
export const PUBLISHED_TERMS_PATH =
  process.env['PUBLISHED_TERMS_FILE'] ??
  fileURLToPath(new URL('../../../shared/published-solar-terms/published-terms.txt', import.meta.url));

export interface PublishedTerm {
  readonly source: string;
  readonly year: number;
  readonly name: string;
  /** The published minute as a UT instant (Unix seconds). */
  readonly minuteUnixSec: number;
  readonly line: string;
}

export function readPublishedTerms(): PublishedTerm[] | undefined {
  if (!existsSync(PUBLISHED_TERMS_PATH)) return undefined;
  const terms: PublishedTerm[] = [];
  let source = '';
  let offsetHours = 0;
  for (const line of readFileSync(PUBLISHED_TERMS_PATH, 'utf8').split('\n')) {
    if (line.startsWith('@')) {
      const [tag, offset] = line.slice(1).split('|');
      source = tag!;
      offsetHours = Number(offset);
      continue;
    }
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}) (\S+)/.exec(line);
    if (!m) continue;
    const [, y, mo, d, h, mi, name] = m;
    const minuteUnixSec = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!) / 1000 - offsetHours * 3600;
    terms.push({ source, year: +y!, name: name!, minuteUnixSec, line });
  }
  return terms;
}
