/**
 * The Korean catalogue: every word and sentence of an answer in `ko`, in the terms of Korean
 * 사주명리 (십성, 십이운성, 지장간, 일간, 대운 · 세운 · 월운, 궁합, 신살), with the shape of the
 * Japanese one. Stems, branches and pillars stay as characters in its sentences.
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

export const KO_CATALOGUE: Catalogue = {
  lang: 'ko',
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
