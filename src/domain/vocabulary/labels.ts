/** A code's label in a catalogue: what every presenter calls, with the catalogue of the answer's language. */
import { VOCABULARIES, type VocabularyCode } from './codes.ts';
import type { Catalogue } from './ja.ts';

/** Each code's namespace and index, built once. */
const PLACES: ReadonlyMap<string, readonly [keyof typeof VOCABULARIES, number]> = new Map(
  (Object.keys(VOCABULARIES) as (keyof typeof VOCABULARIES)[]).flatMap((namespace) =>
    VOCABULARIES[namespace].map((code, index) => [code, [namespace, index] as const] as const),
  ),
);

/** The label of `code` in `catalogue`; a code no vocabulary holds is a bug, and throws. */
export function labelOf(catalogue: Catalogue, code: VocabularyCode): string {
  const place = PLACES.get(code);
  if (place === undefined) throw new Error(`no vocabulary holds the code "${code}"`);
  const label = catalogue[place[0]][place[1]];
  if (label === undefined || label === '') throw new Error(`the catalogue has no label for "${code}"`);
  return label;
}

/** The reading of `code` in `catalogue` (`ja` kana, `zh-*` and `en` pinyin with tones, `ko` hangul). */
export function readingOf(catalogue: { readonly readings: Catalogue }, code: VocabularyCode): string {
  return labelOf(catalogue.readings, code);
}

/** The namespace and index of a code: which list of a catalogue holds it. */
export function placeOf(code: VocabularyCode): readonly [keyof typeof VOCABULARIES, number] {
  const place = PLACES.get(code);
  if (place === undefined) throw new Error(`no vocabulary holds the code "${code}"`);
  return place;
}
