/** 依據（`evidence`）部分的用語（繁體）：結論可信度不高的原因，以及組成結論的標點。 */
import type { Catalogue } from '../index.ts';

export const EVIDENCE = {
  caveats: {
    strength: '各方法的身強身弱判斷不一',
    pattern: '各派所定之格不一',
    usefulElement: '扶抑、調候、格局所取用神五行不一',
    pillars: '出生時刻前後柱可能改變（見結論 "pillars"）',
  },
  labelled: (name: string, value: string): string => `${name}：${value}`,
  gloss: (word: string, detail: string): string => `${word}（${detail}）`,
  listSeparator: '、',
  claimSeparator: '；',
} satisfies Catalogue['evidence'];
