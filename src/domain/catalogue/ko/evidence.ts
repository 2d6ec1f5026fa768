/** 근거(`evidence`) 항목의 말: 신뢰도가 높지 않은 이유와 결론을 잇는 부호. */
import type { Catalogue } from '../index.ts';

export const EVIDENCE = {
  caveats: {
    strength: '신강·신약 판정이 방법마다 갈림',
    pattern: '격 판정이 유파마다 갈림',
    usefulElement: '억부·조후·격국이 가리키는 용신 오행이 서로 다름',
    pillars: '출생 시각 전후로 기둥이 바뀔 수 있음(결론 "pillars" 참조)',
  },
  labelled: (name: string, value: string): string => `${name}: ${value}`,
  gloss: (word: string, detail: string): string => `${word}(${detail})`,
  listSeparator: ', ',
  claimSeparator: ', ',
} satisfies Catalogue['evidence'];
