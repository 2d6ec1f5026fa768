/**
 * `lang`, the language of the answer's words: the five tags, and the one rule every protocol reads
 * it with. Tags compare case-insensitively (BCP 47) and answer in their canonical spelling; any
 * other tag is refused with the allowed ones, and `zh` alone names the two it could mean.
 */
import { z } from 'zod';

/** The languages of the answers, `ja` the default (BCP 47 tags). */
export const LANGS = ['ja', 'zh-Hans', 'zh-Hant', 'en', 'ko'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ja';

/** Each tag's language, in English (descriptions and docs). */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = {
  ja: 'Japanese, `ja` (default)',
  'zh-Hans': 'Chinese in simplified characters (mainland usage), `zh-Hans`',
  'zh-Hant': 'Chinese in traditional characters (Taiwan usage), `zh-Hant`',
  en: 'English, `en`',
  ko: 'Korean, `ko`',
};

const BY_LOWER_CASE: ReadonlyMap<string, Lang> = new Map(LANGS.map((lang) => [lang.toLowerCase(), lang]));

/** The tag `value` spells, whatever its case; undefined for any other value. */
export const langOf = (value: string): Lang | undefined => BY_LOWER_CASE.get(value.toLowerCase());

/** The rule, in the words of every refusal of an unknown tag. */
export function langRule(field: string, value?: unknown): string {
  const allowed = LANGS.map((lang) => `"${lang}"`).join(', ');
  const hint =
    typeof value === 'string' && /^zh([-_]|$)/i.test(value)
      ? ': Chinese is "zh-Hans" (simplified) or "zh-Hant" (traditional)'
      : ` (default "${DEFAULT_LANG}")`;
  return `${field} must be one of ${allowed}${hint}`;
}

/** The request field: a string naming one of {@link LANGS}, read as its canonical tag. */
export const langField = (field: string) =>
  z
    .string({ error: langRule(field) })
    .transform((value, ctx) => {
      const lang = langOf(value);
      if (lang === undefined) {
        ctx.addIssue({ code: 'custom', message: langRule(field, value) });
        return z.NEVER;
      }
      return lang;
    })
    .nullish()
    .meta({
      enum: [...LANGS],
      description: `Language of labels and texts (default \`${DEFAULT_LANG}\`)`,
    });
