/** The Simplified Chinese (mainland) catalogue, `zh-Hans`: every word and sentence of an answer in that language. */
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

export const ZH_HANS_CATALOGUE: Catalogue = {
  lang: 'zh-Hans',
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
