/** 고전 분석의 용어: 방법 이름, 왕상휴수사, 신강·신약 등급. */
import type { Catalogue } from '../index.ts';

export const CLASSICAL = {
  methods: { deling: '득령·득지·득세', taizan_points: '오행 역량(태산류 점수)', cn_percent: '오행 역량(동당 비율)' },
  phases: ['왕', '상', '휴', '수', '사'],
  grades: ['신왕', '편왕', '중화편강', '중화', '중화편약', '편약', '신약'],
  levels: ['극강', '편강', '중화', '편약', '극약'],
} satisfies Catalogue['classical'];
