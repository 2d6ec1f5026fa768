/** 依据（`evidence`）部分的用语（简体）：结论可信度不高的原因，以及组成结论的标点。 */
import type { Catalogue } from '../index.ts';

export const EVIDENCE = {
  caveats: {
    strength: '各方法的身强身弱判断不一',
    pattern: '各派所定之格不一',
    usefulElement: '扶抑、调候、格局所取用神五行不一',
    pillars: '出生时刻前后柱可能改变（见结论 "pillars"）',
  },
  labelled: (name: string, value: string): string => `${name}：${value}`,
  gloss: (word: string, detail: string): string => `${word}（${detail}）`,
  listSeparator: '、',
  claimSeparator: '；',
} satisfies Catalogue['evidence'];
