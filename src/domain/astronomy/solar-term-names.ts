/**
 * The 24 solar terms (二十四節気) in calendar order from 小寒, with the apparent solar ecliptic
 * longitude that defines each. Japanese names; the 12 節 (jie) that open months are the even indices.
 * Sources: [hokudai] (names, longitudes and 節/中), [naoj] 暦要項 (the definition).
 */
export const SOLAR_TERMS = [
  { name: '小寒', longitudeDeg: 285 },
  { name: '大寒', longitudeDeg: 300 },
  { name: '立春', longitudeDeg: 315 },
  { name: '雨水', longitudeDeg: 330 },
  { name: '啓蟄', longitudeDeg: 345 },
  { name: '春分', longitudeDeg: 0 },
  { name: '清明', longitudeDeg: 15 },
  { name: '穀雨', longitudeDeg: 30 },
  { name: '立夏', longitudeDeg: 45 },
  { name: '小満', longitudeDeg: 60 },
  { name: '芒種', longitudeDeg: 75 },
  { name: '夏至', longitudeDeg: 90 },
  { name: '小暑', longitudeDeg: 105 },
  { name: '大暑', longitudeDeg: 120 },
  { name: '立秋', longitudeDeg: 135 },
  { name: '処暑', longitudeDeg: 150 },
  { name: '白露', longitudeDeg: 165 },
  { name: '秋分', longitudeDeg: 180 },
  { name: '寒露', longitudeDeg: 195 },
  { name: '霜降', longitudeDeg: 210 },
  { name: '立冬', longitudeDeg: 225 },
  { name: '小雪', longitudeDeg: 240 },
  { name: '大雪', longitudeDeg: 255 },
  { name: '冬至', longitudeDeg: 270 },
] as const;

export type SolarTermName = (typeof SOLAR_TERMS)[number]['name'];
export const TERMS_PER_YEAR = 24;
/** Calendar index of 立春 (λ☉ = 315°), the start of the pillar year. */
export const RISSHUN_INDEX = 2;
/** Is the term at this calendar index a 節 (jie), i.e. does it open a month pillar? */
export const isJie = (termIndex: number): boolean => termIndex % 2 === 0;
