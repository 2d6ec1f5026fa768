/**
 * The Japanese catalogue: every word and sentence the service answers with, by code — the
 * vocabularies (stems, branches, ten gods, life stages, 納音, solar terms, …), the warnings, 相性,
 * the relations, the special stars, the 命式表 and the analysis texts. The domain computes codes,
 * indices and facts; a presenter puts them in words with a catalogue. Another language is another
 * object of the same shape (`Catalogue`), passed where this one is.
 */
import { JA } from '../vocabulary/ja.ts';
import * as JA_ANALYSIS from './ja-analysis.ts';
import { JA_COMPATIBILITY } from './ja-compatibility.ts';
import { JA_MEISHIKI } from './ja-meishiki.ts';
import { JA_RELATIONS } from './ja-relations.ts';
import { JA_STAR_RULES, JA_STARS } from './ja-stars.ts';
import { JA_WARNINGS } from './ja-warnings.ts';

export const JA_CATALOGUE = {
  labels: JA,
  warnings: JA_WARNINGS,
  compatibility: JA_COMPATIBILITY,
  relations: JA_RELATIONS,
  stars: JA_STARS,
  starRules: JA_STAR_RULES,
  meishiki: JA_MEISHIKI,
  analysis: JA_ANALYSIS,
} as const;

export type Catalogue = typeof JA_CATALOGUE;
