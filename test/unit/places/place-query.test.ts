/**
 * A birthplace followed by its region or country, as English and other users write addresses:
 * `Springfield, IL`, `London, United Kingdom`, `Springfield Illinois`, `府中, 東京都` — how a query is read,
 * what it resolves to, the refusals that say what did not match, and the names echoed in the request's language.
 */
import { describe, expect, it } from 'vitest';
import '../../../src/application/places-data.ts';
import { placeById, placeInLang, placeRefusal, resolvePlace, searchPlaces } from '../../../src/domain/places/gazetteer.ts';
import { placeQueryReadings } from '../../../src/domain/places/query.ts';

const idOf = (text: string): string => {
  const r = resolvePlace(text);
  return r.kind === 'found' ? r.place.id : r.kind;
};

/** The refusal a chart request answers `place: text` with. */
const refusal = (text: string): string => {
  const r = resolvePlace(text);
  if (r.kind === 'found') throw new Error(`${text} found ${r.place.id}`);
  return placeRefusal(text, r);
};

describe('reading a place query', () => {
  it('with commas: the place, then each qualifier, outermost last (Latin, full-width and Japanese commas)', () => {
    expect(placeQueryReadings('Springfield, IL')).toEqual([{ place: 'Springfield', qualifiers: ['IL'], explicit: true }]);
    expect(placeQueryReadings(' Springfield ,Illinois,  USA ')).toEqual([
      { place: 'Springfield', qualifiers: ['Illinois', 'USA'], explicit: true },
    ]);
    expect(placeQueryReadings('府中，東京都')).toEqual([{ place: '府中', qualifiers: ['東京都'], explicit: true }]);
    expect(placeQueryReadings('府中、東京都')).toEqual([{ place: '府中', qualifiers: ['東京都'], explicit: true }]);
  });

  it('with a comma but nothing on one side: no reading (the name alone is looked up)', () => {
    expect(placeQueryReadings('London,')).toEqual([]);
    expect(placeQueryReadings(', GB')).toEqual([]);
    expect(placeQueryReadings('London, ,')).toEqual([]);
  });

  it('without a comma: every split of the words into a place and a trailing qualifier, the longest place first', () => {
    expect(placeQueryReadings('Springfield Illinois')).toEqual([{ place: 'Springfield', qualifiers: ['Illinois'], explicit: false }]);
    expect(placeQueryReadings('Salt Lake City  Utah').map((r) => [r.place, r.qualifiers[0]])).toEqual([
      ['Salt Lake City', 'Utah'],
      ['Salt Lake', 'City Utah'],
      ['Salt', 'Lake City Utah'],
    ]);
    expect(placeQueryReadings('府中　東京都').map((r) => [r.place, r.qualifiers[0]])).toEqual([['府中', '東京都']]);
  });

  it('a single word or nothing: no reading', () => {
    expect(placeQueryReadings('London')).toEqual([]);
    expect(placeQueryReadings('  ')).toEqual([]);
    expect(placeQueryReadings('')).toEqual([]);
  });
});

describe('a place with its region or country', () => {
  it('US states by abbreviation or name, with or without a comma: Springfield, IL = Springfield Illinois', () => {
    const illinois = 'gn:4250542';
    expect(
      ['Springfield, IL', 'Springfield IL', 'Springfield Illinois', 'springfield, illinois', 'Springfield, Illinois, USA'].map(idOf),
    ).toEqual(Array(5).fill(illinois));
    expect(placeById(illinois)).toMatchObject({ region: 'Illinois', regionCode: 'IL', country: 'US' });
    expect(idOf('Paris, TX')).toBe(idOf('Paris Texas'));
    expect(placeById(idOf('Paris, TX'))).toMatchObject({ country: 'US', region: 'Texas' });
  });

  it('countries by ISO alpha-2 or alpha-3 code, by name in English or in the answer languages: London, GB = London, United Kingdom', () => {
    const london = 'gn:2643743';
    expect(
      [
        'London, GB',
        'London, GBR',
        'London, UK',
        'London, United Kingdom',
        'London GB',
        'London, イギリス',
        'London, 英国',
        'London, 영국',
      ].map(idOf),
    ).toEqual(Array(8).fill(london));
    expect(placeById(london)).toMatchObject({ region: 'England', regionCode: 'ENG' });
    expect(idOf('London, England')).toBe(london);
    expect(placeById(idOf('London, Canada'))).toMatchObject({ country: 'CA', region: 'Ontario' });
    expect(placeById(idOf('Beijing, China'))).toMatchObject({ country: 'CN', region: 'Beijing' });
  });

  it('first-level regions by name, without the word for the kind of division; Japan by prefecture in Japanese or English', () => {
    expect(placeById(idOf('Guangzhou, Guangdong'))).toMatchObject({ country: 'CN', region: 'Guangdong' });
    expect(placeById(idOf('Berlin, Berlin'))).toMatchObject({ country: 'DE' });
    expect(['府中, 東京都', '府中 東京都', '府中，東京', 'Fuchu, Tokyo'].map(idOf)).toEqual(Array(4).fill('jp:132063'));
    // 広島県 holds two: the region narrows, it does not guess.
    const hiroshima = resolvePlace('府中, 広島県');
    expect(hiroshima.kind === 'ambiguous' && hiroshima.candidates.map((p) => p.id)).toEqual(['jp:342084', 'jp:343021']);
  });

  it('a qualifier names a region and a country at once (IL: Illinois and Israel, CA: California and Canada): the places in either', () => {
    expect(placeById(idOf('London, CA'))).toMatchObject({ country: 'CA' });
    expect(placeById(idOf('San Jose, CA'))).toMatchObject({ country: 'US', region: 'California' });
  });

  it('after a comma the place may be the beginning of a name; without one, a whole name that exists wins over a split', () => {
    expect(idOf('Springf, IL')).toBe('gn:4250542');
    expect(idOf('New York')).toBe('gn:5128581');
    expect(idOf('Salt Lake City Utah')).toBe(idOf('Salt Lake City'));
  });

  it('plain London stays a list, with each place’s region and country and how to narrow it down', () => {
    const message = refusal('London');
    expect(message).toMatch(
      /^place "London" names \d+ places: London \(England, United Kingdom; place_id "gn:2643743"\), London \(Ontario, Canada;/u,
    );
    expect(message).toContain('add its region or country after a comma ("London, England" or "London, GB") or give place_id');
    // All in one region: only place_id tells them apart.
    expect(refusal('府中, 広島県')).toMatch(/府中町 \(広島県, Japan; place_id "jp:343021"\); give place_id$/u);
  });

  it('an unknown region or country after a comma is refused naming it, with where the place is; a known one without the place says so', () => {
    expect(resolvePlace('London, Foo')).toMatchObject({ kind: 'unknown', qualified: { place: 'London', unknownQualifier: 'Foo' } });
    expect(refusal('London, Foo')).toMatch(
      /^place "London, Foo": "Foo" names no country or region the gazetteer knows \(.*GB, GBR or United Kingdom.*\): did you mean London \(England, United Kingdom; place_id "gn:2643743"\)/u,
    );
    expect(refusal('London, Japan')).toMatch(/^place "London, Japan": no place "London" in Japan: did you mean London \(England/u);
    // Without a comma the words may be one name: nothing found is the plain refusal.
    expect(refusal('London Foo')).toMatch(/^place "London Foo" matches no place/u);
  });

  it('the search reads the same forms', () => {
    expect(searchPlaces('London, GB').map((p) => p.id)).toEqual(['gn:2643743']);
    expect(searchPlaces('Springfield Illinois').map((p) => p.id)).toEqual(['gn:4250542']);
    expect(searchPlaces('London, Foo')).toEqual([]);
  });
});

describe('a place in the request’s language', () => {
  const beijing = placeById('gn:1816670')!;
  const sapporo = placeById('jp:011002')!;

  it('Beijing: 北京 in Japanese and Chinese, 베이징 in Korean, Beijing in English; the region by name, its code beside it', () => {
    const shown = (lang: Parameters<typeof placeInLang>[1]) => {
      const { name, name_lang, region, region_code } = placeInLang(beijing, lang);
      return [name, name_lang, region, region_code];
    };
    expect(shown('zh-Hans')).toEqual(['北京', 'zh-Hans', 'Beijing', '22']);
    expect(shown('zh-Hant')).toEqual(['北京', 'zh-Hant', 'Beijing', '22']);
    expect(shown('ja')).toEqual(['北京', 'ja', 'Beijing', '22']);
    expect(shown('ko')).toEqual(['베이징', 'ko', 'Beijing', '22']);
    expect(shown('en')).toEqual(['Beijing', 'en', 'Beijing', '22']);
    // Without lang: as the gazetteer shows it (GeoNames' main name outside Japan).
    expect(shown(undefined)).toEqual(['Beijing', 'en', 'Beijing', '22']);
  });

  it('simplified and traditional Chinese and Japanese told apart: 广州 / 廣州 / 広州, 伦敦 / 倫敦 / ロンドン, 首尔 / 首爾 / 서울', () => {
    const names = (id: string) => (['zh-Hans', 'zh-Hant', 'ja', 'ko'] as const).map((lang) => placeInLang(placeById(id)!, lang).name);
    expect(names('gn:1809858')).toEqual(['广州', '廣州', '広州', '광저우']);
    expect(names('gn:2643743')).toEqual(['伦敦', '倫敦', 'ロンドン', '런던']);
    expect(names('gn:1835848')).toEqual(['首尔', '首爾', 'ソウル', '서울']);
  });

  it('Japan: the municipality in Japanese, GeoNames’ names in the other languages, the prefecture in Japanese or English', () => {
    expect(placeInLang(sapporo, 'ja')).toMatchObject({ name: '札幌市', name_lang: 'ja', region: '北海道', region_code: '01' });
    expect(placeInLang(sapporo, 'en')).toMatchObject({ name: 'Sapporo', name_lang: 'en', region: 'Hokkaido' });
    expect(placeInLang(sapporo, 'ko')).toMatchObject({ name: '삿포로', name_lang: 'ko', region: 'Hokkaido' });
  });

  it('where the gazetteer has no name in the language, English, and name_lang says so; else the shown name', () => {
    // Outside East Asia only a kana name is Japanese: a Springfield GeoNames has none for answers in English.
    const fallback = searchPlaces('Springfield', 20)
      .map((p) => placeInLang(p, 'ja'))
      .find((p) => p.name_lang !== 'ja');
    expect(fallback).toMatchObject({ name: 'Springfield', name_lang: 'en' });
    // 東京都 (a prefecture) has no GeoNames row: no Korean name, English instead.
    expect(placeInLang(placeById('jp:pref:13')!, 'ko')).toMatchObject({ name: 'Tokyo', name_lang: 'en', region: 'Tokyo' });
  });
});
