/** Writes the generated tables of the docs (docs/rest.md's request table). Run: npm run docs:tables */
import { readFileSync, writeFileSync } from 'node:fs';
import { withRequestTable } from '../src/http/rest/request-table.ts';

const path = new URL('../docs/rest.md', import.meta.url);
writeFileSync(path, withRequestTable(readFileSync(path, 'utf8')));
