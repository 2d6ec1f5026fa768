/**
 * The catalogues: every word and sentence the service answers with, by code, one per language —
 * the vocabularies' labels and readings (stems, branches, ten gods, life stages, 納音, solar terms,
 * …), the warnings, 相性, the relations, the special stars, the 命式表, the analysis texts, the
 * evidence section's words and the `/chart` page. The domain computes codes, indices and facts; a
 * presenter puts them in words with the catalogue of the answer's language (`lang`), passed to it as
 * a convention is.
 *
 * The Japanese catalogue is the reference: every other one has its shape (`Catalogue`), so the type
 * checker holds each to every key, every list to its vocabulary's length and every sentence to its
 * parameters.
 */
import { JA, JA_READINGS } from '../vocabulary/ja.ts';
import * as JA_ANALYSIS from './ja/analysis.ts';
import { JA_CLASSICAL } from './ja/classical.ts';
import { JA_COMPATIBILITY } from './ja/compatibility.ts';
import { JA_EVIDENCE } from './ja/evidence.ts';
import { JA_MEISHIKI } from './ja/meishiki.ts';
import { JA_PAGE } from './ja/page.ts';
import { JA_RELATIONS } from './ja/relations.ts';
import { JA_STAR_RULES, JA_STARS } from './ja/stars.ts';
import { JA_WARNINGS } from './ja/warnings.ts';

import type { Lang } from './lang.ts';

export { DEFAULT_LANG, LANGS, type Lang } from './lang.ts';

const JA_TEXTS = {
  labels: JA,
  readings: JA_READINGS,
  warnings: JA_WARNINGS,
  compatibility: JA_COMPATIBILITY,
  relations: JA_RELATIONS,
  stars: JA_STARS,
  starRules: JA_STAR_RULES,
  meishiki: JA_MEISHIKI,
  analysis: JA_ANALYSIS,
  page: JA_PAGE,
  classical: JA_CLASSICAL,
  evidence: JA_EVIDENCE,
} as const;

/** A literal type made general: every string literal `string`, functions keep their parameters, lists their length. */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends (...args: infer A) => infer R
        ? (...args: A) => Widen<R>
        : { readonly [K in keyof T]: Widen<T[K]> };

/** A catalogue: the Japanese one's shape, in any language. */
export type Catalogue = Widen<typeof JA_TEXTS> & { readonly lang: Lang };

export const JA_CATALOGUE: Catalogue = { lang: 'ja', ...JA_TEXTS };
