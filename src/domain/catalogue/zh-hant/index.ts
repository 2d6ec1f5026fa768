/**
 * The Traditional Chinese (Taiwan / Hong Kong) catalogue, `zh-Hant`: every word and sentence of an
 * answer in the mainstream Chinese Bazi terms, written in Taiwan-standard glyphs. Same shape as the
 * Japanese reference (`Catalogue`); the stem and branch characters stay as they are.
 */
import { CLASSICAL } from './classical.ts';
import type { Catalogue } from '../index.ts';
import * as analysis from './analysis.ts';
import { COMPATIBILITY as compatibility } from './compatibility.ts';
import { EVIDENCE as evidence } from './evidence.ts';
import { LABELS as labels, READINGS as readings } from './labels.ts';
import { MEISHIKI as meishiki } from './meishiki.ts';
import { PAGE as page } from './page.ts';
import { RELATIONS as relations } from './relations.ts';
import { STAR_RULES as starRules, STARS as stars } from './stars.ts';
import { WARNINGS as warnings } from './warnings.ts';

export const ZH_HANT_CATALOGUE: Catalogue = {
  lang: 'zh-Hant',
  labels,
  readings,
  warnings,
  compatibility,
  relations,
  stars,
  starRules,
  meishiki,
  analysis,
  page,
  classical: CLASSICAL,
  evidence,
};
