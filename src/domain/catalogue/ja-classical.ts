/**
 * The Japanese words of the classical analysis (`analysis`, docs/analysis.md): the methods' names,
 * 旺相休囚死, and the strength scales (the coarse verdict is the analysis's 身強・中和・身弱).
 */
export const JA_CLASSICAL = {
  methods: {
    deling: '得令・得地・得勢',
    taizan_points: '五行の力量（泰山流の点数）',
    cn_percent: '五行の力量（同党の比率）',
  },
  /** 旺 相 休 囚 死. */
  phases: ['旺', '相', '休', '囚', '死'],
  /** 得令・得地・得勢's seven grades, strongest first. */
  grades: ['身旺', '偏旺', '中和（強寄り）', '中和', '中和（弱寄り）', '偏弱', '身弱'],
  /** The points methods' five levels, strongest first. */
  levels: ['極強', '偏強', '中和', '偏弱', '極弱'],
} as const;
