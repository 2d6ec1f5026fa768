/** What the generator (scripts/gen-places.ts) and the lookup share: how names are compared, and the names column's languages. */

/**
 * How place names are compared: width, case, accents, spaces and punctuation folded, katakana as
 * hiragana — the same at build time (the generator writes the folded keys) and at lookup.
 */
export function foldName(text: string): string {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      // Accents off Latin letters only: a kana's dakuten is part of it (ひだ is not ひた).
      .replace(/\p{Script=Latin}/gu, (ch) => ch.normalize('NFD').replace(/\p{M}/gu, ''))
      .replace(/[\s\-'’.,・()（）]/gu, '')
      .replace(/[\u30a1-\u30f6]/gu, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
  );
}

/** The languages a place or region may have a name in, in the order the generated file's names column holds them. */
export const NAME_LANGS = ['en', 'ja', 'zh-Hans', 'zh-Hant', 'ko'] as const;
