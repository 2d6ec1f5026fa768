/**
 * Birthplaces by name (docs/places.md): the gazetteer generated at build time, parsed and indexed on first use.
 * Sources: [geonames] and [localgovjp]. Names match after folding width,
 * case, accents, spaces and katakana to hiragana; a name matches exactly, or as a prefix, and may be
 * followed by its region or country (`Springfield, IL`, query.ts). A lookup that finds several places
 * never guesses: it lists them.
 */
import type { Lang } from '../catalogue/lang.ts';
import { foldName, NAME_LANGS } from './fold.ts';
import { placeQueryReadings, type PlaceQueryReading } from './query.ts';

export { foldName };

/**
 * Where the records come from: the generated file (data/places.generated.tsv, one record per line,
 * tab-separated: the regions and countries, then the places — scripts/gen-places.ts says the columns),
 * read by the application on the first lookup. The domain reads no files.
 */
let recordsSource: (() => string) | undefined;
export function providePlaceRecords(source: () => string): void {
  recordsSource = source;
}

export interface Place {
  /** `jp:011002` (a Japanese municipality's code) or `gn:2128295` (a GeoNames id). */
  readonly id: string;
  /** The name shown without a language: Japanese in Japan, else GeoNames' main name. */
  readonly name: string;
  /** The reading in hiragana (Japanese places), else empty. */
  readonly reading: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** The region's name shown without a language: the prefecture (Japan), else GeoNames' first-order division (its code where GeoNames names none). */
  readonly region: string;
  /** The prefecture's code (JIS X 0401, Japan), else GeoNames' first-order division code. */
  readonly regionCode: string;
  readonly latitude: number;
  readonly longitude: number;
  /** IANA zone. */
  readonly timezone: string;
  readonly population: number;
  /** Its names by language as the file holds them (`en|ja|zh-Hans|zh-Hant|ko`), split only when shown in one. */
  readonly names: string;
}

interface Index {
  readonly places: readonly Place[];
  /** Folded name → the places that carry it. */
  readonly exact: ReadonlyMap<string, readonly number[]>;
  /** Every folded name, sorted, for prefix search. */
  readonly sorted: readonly string[];
  readonly byId: ReadonlyMap<string, Place>;
  /** `<country>.<region code>` → the region's names by language. */
  readonly regions: ReadonlyMap<string, readonly string[]>;
  /** Alpha-2 → the country's English name. */
  readonly countries: ReadonlyMap<string, string>;
  /** A folded country or region name or code → the areas it names: `GB` (a country), `US.IL` (a region). */
  readonly areas: ReadonlyMap<string, readonly string[]>;
}

const addTo = <T>(map: Map<string, T[]>, key: string, value: T): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
};

/** The region's name in the order of `langs` (the first that GeoNames or localgovjp has), else its code. */
const regionName = (names: readonly string[] | undefined, code: string, langs: readonly Lang[]): string =>
  langs.map((lang) => names?.[NAME_LANGS.indexOf(lang)]).find((name) => !!name) ?? code;

/** The index as it is built, with each region's name as shown without a language (worked out once for all its places). */
interface Tables {
  readonly places: Place[];
  readonly exact: Map<string, number[]>;
  readonly regions: Map<string, readonly string[]>;
  readonly countries: Map<string, string>;
  readonly areas: Map<string, string[]>;
  readonly shownRegions: Map<string, string>;
}

/** A region or country line: its names, and the folded names a query may add after a place. */
function readArea([kind, code, names, keys]: readonly string[], t: Tables): void {
  if (kind === 'region') {
    const byLang = names!.split('|');
    t.regions.set(code!, byLang);
    t.shownRegions.set(code!, regionName(byLang, '', [code!.startsWith('JP.') ? 'ja' : 'en']));
  } else t.countries.set(code!, names!);
  for (const key of keys!.split('|')) addTo(t.areas, key, code!);
}

/** A place line; the regions come first in the file, so its region is named as it is read. */
function readPlace(fields: readonly string[], t: Tables): void {
  const [id, name, keys, reading, country, regionCode, lat, lon, timezone, population, names] = fields;
  const at =
    t.places.push({
      id: id!,
      name: name!,
      reading: reading!,
      country: country!,
      region: t.shownRegions.get(`${country}.${regionCode}`) || regionCode!,
      regionCode: regionCode!,
      latitude: Number(lat),
      longitude: Number(lon),
      timezone: timezone!,
      population: Number(population),
      names: names!,
    }) - 1;
  for (const key of keys!.split('|')) addTo(t.exact, key, at);
}

let index: Index | undefined;
function indexOf(): Index {
  if (index !== undefined) return index;
  if (recordsSource === undefined) throw new Error('the gazetteer has no records: providePlaceRecords was not called');
  const t: Tables = {
    places: [],
    exact: new Map(),
    regions: new Map(),
    countries: new Map(),
    areas: new Map(),
    shownRegions: new Map(),
  };
  for (const line of recordsSource().split('\n')) {
    if (line === '') continue;
    const fields = line.split('\t');
    if (fields[0] === 'region' || fields[0] === 'country') readArea(fields, t);
    else readPlace(fields, t);
  }
  const { places, exact, regions, countries, areas } = t;
  index = { places, exact, sorted: [...exact.keys()].sort(), byId: new Map(places.map((p) => [p.id, p])), regions, countries, areas };
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

/** The countries and regions a qualifier names (`IL`: Illinois and Israel); empty when none. */
const areasNamed = (qualifier: string): readonly string[] => indexOf().areas.get(foldName(qualifier)) ?? [];

const within = (p: Place, areas: readonly string[]): boolean => areas.includes(p.country) || areas.includes(`${p.country}.${p.regionCode}`);

/** What a reading of a query finds: the places that carry the name, those inside the qualifiers, or the qualifier that names nothing. */
interface QualifiedMatch {
  readonly unknownQualifier?: string;
  readonly pool: readonly Place[];
  readonly inside: readonly Place[];
}

/**
 * The places a reading names: those carrying the place's name exactly (or, when it was written with a
 * comma and none does, by its beginning), kept where every qualifier names an area that holds them.
 */
function qualifiedMatch(reading: PlaceQueryReading): QualifiedMatch {
  const areas = reading.qualifiers.map(areasNamed);
  const unknown = reading.qualifiers.find((_, i) => areas[i]!.length === 0);
  const folded = foldName(reading.place);
  const { exact, prefix } = folded === '' ? { exact: [], prefix: [] } : matches(folded);
  const pool = exact.length > 0 || !reading.explicit ? exact : prefix;
  if (unknown !== undefined) return { unknownQualifier: unknown, pool, inside: [] };
  return { pool, inside: pool.filter((p) => areas.every((a) => within(p, a))) };
}

/** The `places` search: exact matches first, then prefix matches, each by population; else what the qualifiers keep; at most `limit`. */
export function searchPlaces(query: string, limit = 10): Place[] {
  const folded = foldName(query);
  if (folded === '') return [];
  const { exact, prefix } = matches(folded);
  if (exact.length + prefix.length > 0) return [...exact, ...prefix].slice(0, limit);
  for (const reading of placeQueryReadings(query)) {
    const { inside } = qualifiedMatch(reading);
    if (inside.length > 0) return inside.slice(0, limit);
  }
  return [];
}

export const placeById = (id: string): Place | undefined => indexOf().byId.get(id);

export type PlaceResolution =
  | { readonly kind: 'found'; readonly place: Place }
  | {
      readonly kind: 'ambiguous';
      readonly candidates: readonly Place[];
      readonly total: number;
      /** Set when the places were found by the name and a region or country (`San Jose, Costa Rica`). */
      readonly reading?: PlaceQueryReading;
    }
  | {
      readonly kind: 'unknown';
      readonly suggestions: readonly Place[];
      /** Set when the query named a region or country after a comma: the place's name and what did not fit. */
      readonly qualified?: { readonly place: string; readonly unknownQualifier?: string; readonly qualifiers: readonly string[] };
    };

const listed = (pool: readonly Place[], limit: number, reading?: PlaceQueryReading): PlaceResolution =>
  pool.length === 1
    ? { kind: 'found', place: pool[0]! }
    : { kind: 'ambiguous', candidates: pool.slice(0, limit), total: pool.length, ...(reading === undefined ? {} : { reading }) };

/**
 * A reading with a region or country: what it finds, or, written with a comma, why not (a qualifier names
 * nothing, or the place is not there); undefined to try the next reading.
 */
function resolveReading(reading: PlaceQueryReading, limit: number): PlaceResolution | undefined {
  const { unknownQualifier, pool, inside } = qualifiedMatch(reading);
  if (inside.length > 0) return listed(inside, limit, reading);
  if (!reading.explicit) return undefined;
  const suggestions = pool.length > 0 ? pool.slice(0, 5) : halfSuggestions(foldName(reading.place));
  return {
    kind: 'unknown',
    suggestions,
    qualified: { place: reading.place, qualifiers: reading.qualifiers, ...(unknownQualifier === undefined ? {} : { unknownQualifier }) },
  };
}

/** Nothing starts with the whole text: what starts with its first half, as a hint. */
function halfSuggestions(folded: string): Place[] {
  const half = folded.slice(0, Math.max(1, Math.ceil(folded.length / 2)));
  return half === '' ? [] : searchPlaces(half, 5);
}

/**
 * A birthplace by name: the one place that carries it exactly; else, read as a name followed by its
 * region or country (`London, GB`, `Springfield Illinois`), the one such place; else the one whose name
 * starts with it. Several → ambiguous, listed by population (the caller picks one by `place_id`); none → unknown.
 */
export function resolvePlace(text: string, limit = 10): PlaceResolution {
  const folded = foldName(text);
  if (folded === '') return { kind: 'unknown', suggestions: [] };
  const { exact, prefix } = matches(folded);
  if (exact.length > 0) return listed(exact, limit);
  for (const reading of placeQueryReadings(text)) {
    const resolved = resolveReading(reading, limit);
    if (resolved !== undefined) return resolved;
  }
  if (prefix.length > 0) return listed(prefix, limit);
  return { kind: 'unknown', suggestions: halfSuggestions(folded) };
}

/** Where a place is, in English words for a refusal: `London (England, United Kingdom; place_id "gn:2643743")`. */
const described = (p: Place): string => `${p.name} (${p.region}, ${indexOf().countries.get(p.country) ?? p.country}; place_id "${p.id}")`;
const describedAll = (places: readonly Place[]): string => places.map(described).join(', ');

/**
 * How to narrow the places down: by region where they are in several (`London, England`), by country
 * where also in several countries (`London, GB`); else only by place_id.
 */
function narrowing(text: string, candidates: readonly Place[], reading: PlaceQueryReading | undefined): string {
  const first = candidates[0]!;
  const spread = (key: (p: Place) => string) => new Set(candidates.map(key)).size > 1;
  if (!spread((p) => `${p.country}.${p.regionCode}`)) return 'give place_id';
  const written = (qualifier: string) => `"${[reading?.place ?? text, qualifier, ...(reading?.qualifiers ?? [])].join(', ')}"`;
  const byCountry = reading === undefined && spread((p) => p.country) ? ` or ${written(first.country)}` : '';
  return `add its region${byCountry === '' ? '' : ' or country'} after a comma (${written(first.region)}${byCountry}) or give place_id`;
}

/** Why `text` names no single place, in the words of the `place` field's refusal (docs/places.md). */
export function placeRefusal(text: string, resolution: Exclude<PlaceResolution, { kind: 'found' }>): string {
  if (resolution.kind === 'ambiguous') {
    const { total, candidates, reading } = resolution;
    const largest = total > candidates.length ? `, the ${candidates.length} largest` : '';
    return `place "${text}" names ${total} places${largest}: ${describedAll(candidates)}; ${narrowing(text, candidates, reading)}`;
  }
  const { suggestions, qualified } = resolution;
  const hint = suggestions.length > 0 ? `: did you mean ${describedAll(suggestions)}?` : '';
  if (qualified?.unknownQualifier !== undefined) {
    return (
      `place "${text}": "${qualified.unknownQualifier}" names no country or region the gazetteer knows ` +
      `(after the comma give a country, GB, GBR or United Kingdom, or a first-level region, England, Illinois or IL)${hint}`
    );
  }
  if (qualified !== undefined) return `place "${text}": no place "${qualified.place}" in ${qualified.qualifiers.join(', ')}${hint}`;
  return `place "${text}" matches no place${hint}`;
}

/** The name and region in `lang` where the gazetteer has them, else in English, else as shown. */
function inLang(p: Place, lang: Lang): { name: string; nameLang: Lang; region: string } {
  const names = p.names.split('|');
  const nameLang = [lang, 'en' as const].find((l) => names[NAME_LANGS.indexOf(l)]);
  const regionNames = indexOf().regions.get(`${p.country}.${p.regionCode}`);
  return {
    name: nameLang === undefined ? p.name : names[NAME_LANGS.indexOf(nameLang)]!,
    nameLang: nameLang ?? shownLang(p),
    region: regionName(regionNames, p.regionCode, [lang, 'en', shownLang(p)]),
  };
}

/** The language of a place's shown name: Japanese in Japan, else GeoNames' main name, counted as English. */
const shownLang = (p: Place): Lang => (p.country === 'JP' ? 'ja' : 'en');

/** A place as the answers show it: in the request's `lang` where given (docs/places.md), else as the gazetteer shows it. */
export function placeInLang(p: Place, lang: Lang | undefined) {
  const { name, nameLang, region } = lang === undefined ? { name: p.name, nameLang: shownLang(p), region: p.region } : inLang(p, lang);
  return {
    id: p.id,
    name,
    name_lang: nameLang,
    reading: p.reading === '' ? null : p.reading,
    country: p.country,
    region,
    region_code: p.regionCode,
    latitude: p.latitude,
    longitude: p.longitude,
    timezone: p.timezone,
    population: p.population,
  };
}
export type PlaceJson = ReturnType<typeof placeInLang>;

/** A place as the search shows it (no language is asked for). */
export const placeJson = (p: Place): PlaceJson => placeInLang(p, undefined);
