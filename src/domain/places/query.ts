/**
 * How a birthplace query may name the region or country after the place, as people write addresses:
 * `Springfield, IL`, `London, United Kingdom`, `Springfield, Illinois, US`, or without a comma
 * `Springfield Illinois`, `府中 東京都` (docs/places.md). Reading only: which part is the place and which
 * the qualifiers; the gazetteer decides what they name.
 */

/** One way of reading a query: the place's name and what should contain it, outermost last. */
export interface PlaceQueryReading {
  readonly place: string;
  readonly qualifiers: readonly string[];
  /** Written with a comma: the writer meant the qualifiers, so one that names nothing is an error, not another reading. */
  readonly explicit: boolean;
}

/** Commas as Latin, full-width and Japanese text write them. */
const COMMA = /[,，、]/u;

/**
 * The readings of `text`, the likelier first. With a comma: one, the text before the first comma the
 * place and each later part a qualifier. Without: each split of its words into a place and a trailing
 * qualifier, the longest place first (`Springfield New Jersey`: `Springfield New` + `Jersey`, then
 * `Springfield` + `New Jersey`). A single word has none.
 */
export function placeQueryReadings(text: string): PlaceQueryReading[] {
  if (COMMA.test(text)) {
    const [place, ...rest] = text.split(COMMA).map((part) => part.trim());
    const qualifiers = rest.filter((part) => part !== '');
    return place === '' || qualifiers.length === 0 ? [] : [{ place: place!, qualifiers, explicit: true }];
  }
  const words = text.trim().split(/\s+/u);
  return words
    .slice(1)
    .map((_, i) => words.length - 1 - i)
    .map((at) => ({ place: words.slice(0, at).join(' '), qualifiers: [words.slice(at).join(' ')], explicit: false }));
}
