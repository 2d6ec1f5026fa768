/**
 * `npm run versions:update`: writes this build's ephemeris and rule-table digests into the newest
 * entry of data/versions.json (test/unit/versioning/versions-file.test.ts fails until they match).
 * Describe what changed in that entry's `changes` by hand; start a new entry first when the newest
 * one has been released (it has a `date`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ephemerisDigest, ruleTablesDigest } from '../src/wire/answer-version.ts';

const FILE = new URL('../data/versions.json', import.meta.url);
const text = readFileSync(FILE, 'utf8');
const newest = (JSON.parse(text) as { versions: { version: string; date: string | null }[] }).versions[0];
if (newest === undefined) throw new Error('data/versions.json lists no version');
if (newest.date !== null) {
  console.error(
    `The newest entry, ${newest.version}, is released (${newest.date}): add an entry above it with "date": null, then run this again.`,
  );
  process.exit(1);
}
// Only the first (newest) entry's two digests are rewritten, so the file keeps its layout.
const updated = text
  .replace(/"ephemeris": (null|"[^"]*")/, `"ephemeris": "${ephemerisDigest()}"`)
  .replace(/"rules_tables": (null|"[^"]*")/, `"rules_tables": "${ruleTablesDigest()}"`);
writeFileSync(FILE, updated);
console.log(`data/versions.json ${newest.version}: ephemeris ${ephemerisDigest()}, rules_tables ${ruleTablesDigest()}`);
