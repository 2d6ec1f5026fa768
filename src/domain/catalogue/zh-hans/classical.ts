/** 古典分析的用语（简体）：方法名、旺相休囚死、旺衰等级。 */
import type { Catalogue } from '../index.ts';

export const CLASSICAL = {
  methods: { deling: '得令·得地·得势', taizan_points: '五行力量（泰山流计分）', cn_percent: '五行力量（同党比例）' },
  phases: ['旺', '相', '休', '囚', '死'],
  grades: ['身旺', '偏旺', '中和偏强', '中和', '中和偏弱', '偏弱', '身弱'],
  levels: ['极强', '偏强', '中和', '偏弱', '极弱'],
} satisfies Catalogue['classical'];
