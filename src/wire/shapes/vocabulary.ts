/** The words an answer may hold for a vocabulary, in every language (a labelled value validates in any `lang`). */
import { CATALOGUES } from '../../domain/catalogue/catalogues.ts';
import type { Catalogue } from '../../domain/catalogue/index.ts';

/** Every language's words for one vocabulary, each once. */
export const inEveryLanguage = (words: (c: Catalogue) => readonly string[]): string[] => [
  ...new Set(Object.values(CATALOGUES).flatMap((c) => words(c))),
];
