/** 古典分析的用語（繁體）：方法名、旺相休囚死、旺衰等級。 */
import type { Catalogue } from '../index.ts';

export const CLASSICAL = {
  methods: { deling: '得令·得地·得勢', taizan_points: '五行力量（泰山流計分）', cn_percent: '五行力量（同黨比例）' },
  phases: ['旺', '相', '休', '囚', '死'],
  grades: ['身旺', '偏旺', '中和偏強', '中和', '中和偏弱', '偏弱', '身弱'],
  levels: ['極強', '偏強', '中和', '偏弱', '極弱'],
} satisfies Catalogue['classical'];
