/**
 * The gazetteer's records for the domain (src/domain/places/gazetteer.ts): the generated file
 * data/places.generated.tsv (npm run gen:places), read once, on the first place lookup — a chart
 * without `place` never reads it, and start-up does not wait for it.
 */
import { readFileSync } from 'node:fs';
import { providePlaceRecords } from '../domain/places/gazetteer.ts';

const FILE = new URL('../../data/places.generated.tsv', import.meta.url);

providePlaceRecords(() => readFileSync(FILE, 'utf8'));
