/** Every language's catalogue, and the one a request's `lang` chooses (Japanese without one). */
import { EN_CATALOGUE } from './en/index.ts';
import { JA_CATALOGUE, type Catalogue } from './index.ts';
import { KO_CATALOGUE } from './ko/index.ts';
import type { Lang } from './lang.ts';
import { ZH_HANS_CATALOGUE } from './zh-hans/index.ts';
import { ZH_HANT_CATALOGUE } from './zh-hant/index.ts';

export const CATALOGUES: Readonly<Record<Lang, Catalogue>> = {
  ja: JA_CATALOGUE,
  'zh-Hans': ZH_HANS_CATALOGUE,
  'zh-Hant': ZH_HANT_CATALOGUE,
  en: EN_CATALOGUE,
  ko: KO_CATALOGUE,
};

export const catalogueFor = (lang: Lang | undefined): Catalogue => (lang === undefined ? JA_CATALOGUE : CATALOGUES[lang]);
