/**
 * Birthplaces by name (docs/places.md): the gazetteer generated at build time, parsed and indexed on first use.
 * Sources: [geonames] and [localgovjp]. Names match after folding width,
 * case, accents, spaces and katakana to hiragana; a name matches exactly, or as a prefix. A lookup that
 * finds several places never guesses: it lists them.
 */
import { foldName } from './fold.ts';

export { foldName };

/**
 * Where the records come from: the generated file (data/places.generated.tsv, one place per line,
 * tab-separated: id, shown name, folded names, reading, country, region, latitude, longitude, zone,
 * population), read by the application on the first lookup. The domain reads no files.
 */
let recordsSource: (() => string) | undefined;
export function providePlaceRecords(source: () => string): void {
  recordsSource = source;
}

export interface Place {
  /** `jp:011002` (a Japanese municipality's code) or `gn:2128295` (a GeoNames id). */
  readonly id: string;
  /** The name shown. */
  readonly name: string;
  /** The reading in hiragana (Japanese places), else empty. */
  readonly reading: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** The prefecture (Japan), else GeoNames' first-order division code. */
  readonly region: string;
  readonly latitude: number;
  readonly longitude: number;
  /** IANA zone. */
  readonly timezone: string;
  readonly population: number;
}

interface Index {
  readonly places: readonly Place[];
  /** Folded name → the places that carry it. */
  readonly exact: ReadonlyMap<string, readonly number[]>;
  /** Every folded name, sorted, for prefix search. */
  readonly sorted: readonly string[];
  readonly byId: ReadonlyMap<string, Place>;
}

let index: Index | undefined;
function indexOf(): Index {
  if (index !== undefined) return index;
  const places: Place[] = [];
  const exact = new Map<string, number[]>();
  if (recordsSource === undefined) throw new Error('the gazetteer has no records: providePlaceRecords was not called');
  for (const line of recordsSource().split('\n')) {
    if (line === '') continue;
    const [id, name, keys, reading, country, region, lat, lon, timezone, population] = line.split('\t');
    const at =
      places.push({
        id: id!,
        name: name!,
        reading: reading!,
        country: country!,
        region: region!,
        latitude: Number(lat),
        longitude: Number(lon),
        timezone: timezone!,
        population: Number(population),
      }) - 1;
    for (const key of keys!.split('|')) {
      const list = exact.get(key);
      if (list === undefined) exact.set(key, [at]);
      else list.push(at);
    }
  }
  index = { places, exact, sorted: [...exact.keys()].sort(), byId: new Map(places.map((p) => [p.id, p])) };
  return index;
}

const byPopulation = (a: Place, b: Place) => b.population - a.population || a.id.localeCompare(b.id);

/** Places whose folded name is `folded` exactly, and those with a name starting with it (not already exact). */
function matches(folded: string): { exact: Place[]; prefix: Place[] } {
  const { places, exact, sorted } = indexOf();
  const exactIds = new Set(exact.get(folded) ?? []);
  const prefixIds = new Set<number>();
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < folded) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < sorted.length && sorted[i]!.startsWith(folded); i++) {
    for (const at of exact.get(sorted[i]!)!) if (!exactIds.has(at)) prefixIds.add(at);
  }
  return {
    exact: [...exactIds].map((i) => places[i]!).sort(byPopulation),
    prefix: [...prefixIds].map((i) => places[i]!).sort(byPopulation),
  };
}

/** The `places` search: exact matches first, then prefix matches, each by population; at most `limit`. */
export function searchPlaces(query: string, limit = 10): Place[] {
  const folded = foldName(query);
  if (folded === '') return [];
  const { exact, prefix } = matches(folded);
  return [...exact, ...prefix].slice(0, limit);
}

export const placeById = (id: string): Place | undefined => indexOf().byId.get(id);

export type PlaceResolution =
  | { readonly kind: 'found'; readonly place: Place }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly Place[]; readonly total: number }
  | { readonly kind: 'unknown'; readonly suggestions: readonly Place[] };

/**
 * A birthplace by name: the one place that carries it exactly, else the one whose name starts with it.
 * Several → ambiguous, listed by population (the caller picks one by `place_id`); none → unknown.
 */
export function resolvePlace(text: string, limit = 10): PlaceResolution {
  const folded = foldName(text);
  const { exact, prefix } = folded === '' ? { exact: [], prefix: [] } : matches(folded);
  const pool = exact.length > 0 ? exact : prefix;
  if (pool.length === 1) return { kind: 'found', place: pool[0]! };
  if (pool.length > 1) return { kind: 'ambiguous', candidates: pool.slice(0, limit), total: pool.length };
  // Nothing starts with the whole text: what starts with its first half, as a hint.
  const half = folded.slice(0, Math.max(1, Math.ceil(folded.length / 2)));
  return { kind: 'unknown', suggestions: half === '' ? [] : searchPlaces(half, 5) };
}

/** A place as the answers show it. */
export const placeJson = (p: Place) => ({
  id: p.id,
  name: p.name,
  reading: p.reading === '' ? null : p.reading,
  country: p.country,
  region: p.region,
  latitude: p.latitude,
  longitude: p.longitude,
  timezone: p.timezone,
  population: p.population,
});
export type PlaceJson = ReturnType<typeof placeJson>;
