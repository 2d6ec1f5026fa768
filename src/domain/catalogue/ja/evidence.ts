/**
 * The Japanese words of the `evidence` section (docs/fields.md "20. Evidence"): why a conclusion's
 * confidence is not high, and the marks a claim is put together with (the names and labels in it are
 * the catalogue's own). `"pillars"` is the id of the conclusion a caveat points to, the same in
 * every language.
 */
export const JA_EVIDENCE = {
  caveats: {
    strength: '身強・身弱の判定が方法によって分かれる',
    pattern: '格の判定が流派によって分かれる',
    usefulElement: '扶抑・調候・格局の用神が別々の五行を指す',
    pillars: '出生時刻の前後で柱が変わりうる（結論 "pillars" を参照）',
  },
  /** A name and what it concludes: `扶抑：火`. */
  labelled: (name: string, value: string): string => `${name}：${value}`,
  /** A word and what qualifies it: `身強（偏強）`, `庚（金・陽+）`. */
  gloss: (word: string, detail: string): string => `${word}（${detail}）`,
  /** Between the items of one value (the day master's element and polarity). */
  listSeparator: '・',
  /** Between the labelled parts of one claim (the 用神 of each method). */
  claimSeparator: '、',
};
