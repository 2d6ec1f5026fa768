/**
 * The documented fields (docs/fields.md, sections 2–5) as data, written from those tables (not from /openapi.json), so the
 * contract tests check the shims against the spec itself. `a.b[].c` walks every array item.
 */

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'string[]' | 'string|null';

export interface SpecRow {
  readonly field: string;
  readonly type: JsonType;
  /** String format the spec states, where it states one. */
  readonly format?: { readonly name: string; readonly pattern: RegExp };
}

const DATE_DASH = { name: 'YYYY-MM-DD HH:MM', pattern: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ };
const DATE_DASH_SECONDS = { name: 'YYYY-MM-DD HH:MM:SS', pattern: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ };
const DATE_SLASH = { name: 'YYYY/MM/DD HH:MM', pattern: /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/ };
const GANZHI = { name: 'stem + branch', pattern: /^[甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥]$/ };
const BIKO = { name: 'term name (degrees°)', pattern: /^[^()]+\(\d+°\)$/ };
const SUCCESS = { name: '"success"', pattern: /^success$/ };
const TEN_GOD = { name: 'one of the ten names', pattern: /^(比肩|劫財|食神|傷官|偏財|正財|七殺|正官|偏印|印綬)$/ };
const ELEMENT = { name: 'element character', pattern: /^[木火土金水]$/ };
const YIN_YANG = { name: '陽+ or 陰-', pattern: /^(陽\+|陰-)$/ };
const STEM = { name: 'stem character', pattern: /^[甲乙丙丁戊己庚辛壬癸]$/ };

const row = (field: string, type: JsonType, format?: SpecRow['format']): SpecRow => (format ? { field, type, format } : { field, type });

/** The envelope, both variants. */
export const ENVELOPE_ROWS: readonly SpecRow[] = [
  row('status', 'string', SUCCESS),
  row('message', 'string'),
  row('credits_consumed', 'integer'),
  row('credits_remaining', 'integer'),
  row('result', 'object'),
  row('transaction_id', 'string|null'),
  row('log_id', 'string'),
];

const PILLAR_KEYS_A = ['year', 'month', 'day', 'time'] as const;
const dayGanzhiDetails = (prefix: string): SpecRow[] => [
  row(`${prefix}day_ganzhi_details`, 'object'),
  row(`${prefix}day_ganzhi_details.number`, 'integer'),
  row(`${prefix}day_ganzhi_details.element`, 'string', ELEMENT),
  row(`${prefix}day_ganzhi_details.yin_yang`, 'string', YIN_YANG),
  row(`${prefix}day_ganzhi_details.heavenly_stem`, 'string', STEM),
  row(`${prefix}day_ganzhi_details.earthly_branch_group`, 'string'),
  row(`${prefix}day_ganzhi_details.star`, 'string'),
  row(`${prefix}day_ganzhi_details.animal`, 'string'),
];
const ganzhiRows = (prefix: string) => ['year', 'month', 'day', 'time'].map((p) => row(`${prefix}${p}_ganzhi`, 'string', GANZHI));

/** Variant A: envelope extras and `result`. */
export const VARIANT_A_ROWS: readonly SpecRow[] = [
  row('monthly_credits', 'integer'),
  row('auto_credits', 'integer'),
  row('credits_used_from', 'object'),
  row('credits_used_from.monthly', 'integer'),
  row('credits_used_from.auto', 'integer'),
  row('autocharge_info', 'object'),
  row('autocharge_info.success', 'boolean'),
  row('autocharge_info.message', 'string'),
  row('autocharge_info.debug', 'object'),
  ...['monthly_credits', 'auto_credits', 'total_credits', 'threshold'].map((k) => row(`autocharge_info.debug.${k}`, 'integer')),
  row('result.input_date', 'string', DATE_DASH),
  row('result.input_longitude', 'number'),
  row('result.true_solar_time', 'string', DATE_DASH),
  row('result.spring_date', 'string', DATE_DASH),
  ...ganzhiRows('result.'),
  row('result.month_ganzhi_date', 'string', DATE_DASH),
  row('result.month_ganzhi_biko', 'string', BIKO),
  row('result.julian_day', 'number'),
  ...dayGanzhiDetails('result.'),
  row('result.ten_gods', 'object'),
  ...['year', 'month', 'time'].map((k) => row(`result.ten_gods.${k}`, 'string', TEN_GOD)),
  row('result.zokan', 'object'),
  ...PILLAR_KEYS_A.map((k) => row(`result.zokan.${k}`, 'string', STEM)),
  row('result.zokan_ten_gods', 'object'),
  ...PILLAR_KEYS_A.map((k) => row(`result.zokan_ten_gods.${k}`, 'string', TEN_GOD)),
  row('result.juniun', 'object'),
  ...PILLAR_KEYS_A.map((k) => row(`result.juniun.${k}`, 'string')),
  row('result.nayin', 'array'),
  row('result.gogyo_balance', 'object'),
  ...['木', '火', '土', '金', '水'].map((k) => row(`result.gogyo_balance.${k}`, 'integer')),
  row('result.summary', 'object'),
  row('result.summary.day_master', 'string', STEM),
  row('result.summary.element', 'string', ELEMENT),
  row('result.summary.strength', 'string'),
  row('result.summary.fortune_score', 'integer'),
  row('result.summary.personality_traits', 'string[]'),
];

const PILLARS_B = ['year_pillar', 'month_pillar', 'day_pillar', 'hour_pillar'] as const;
const STARS = ['tianyi_guiren', 'wenchang_guiren', 'taohua', 'huagai', 'kongwang'] as const;
const scored = (name: string, extra: SpecRow) => [
  row(`result.enhanced_summary.fortune_indicators.${name}`, 'object'),
  row(`result.enhanced_summary.fortune_indicators.${name}.score`, 'integer'),
  row(`result.enhanced_summary.fortune_indicators.${name}.level`, 'string'),
  extra,
];

/** Variant B: `result`. */
export const VARIANT_B_ROWS: readonly SpecRow[] = [
  row('result.input_date', 'string', DATE_DASH),
  row('result.true_solar_time_raw', 'string', DATE_DASH_SECONDS),
  row('result.true_solar_time', 'string', DATE_DASH),
  row('result.spring_date', 'string', DATE_SLASH),
  ...ganzhiRows('result.'),
  row('result.month_ganzhi_date', 'string', DATE_SLASH),
  row('result.month_ganzhi_biko', 'string', BIKO),
  row('result.julian_day', 'number'),
  ...dayGanzhiDetails('result.'),
  row('result.ten_gods', 'object'),
  row('result.ten_gods.description', 'string'),
  ...PILLARS_B.flatMap((p) => [
    row(`result.ten_gods.${p}`, 'object'),
    row(`result.ten_gods.${p}.stem`, 'string', STEM),
    row(`result.ten_gods.${p}.ten_god`, 'string', TEN_GOD),
    row(`result.ten_gods.${p}.meaning`, 'string'),
  ]),
  row('result.ten_gods.summary', 'object'),
  row('result.ten_gods.summary.dominant_ten_god', 'string', TEN_GOD),
  row('result.ten_gods.summary.dominant_count', 'integer'),
  row('result.ten_gods.summary.pattern_description', 'string'),
  row('result.ten_gods.summary.balance_assessment', 'object'),
  row('result.ten_gods.summary.balance_assessment.strongest_category', 'string'),
  row('result.ten_gods.summary.balance_assessment.balance_type', 'string'),
  row('result.nayin', 'object'),
  row('result.nayin.description', 'string'),
  ...PILLARS_B.flatMap((p) => [
    row(`result.nayin.${p}`, 'object'),
    row(`result.nayin.${p}.ganzhi`, 'string', GANZHI),
    row(`result.nayin.${p}.nayin`, 'string'),
    row(`result.nayin.${p}.element`, 'string', ELEMENT),
    row(`result.nayin.${p}.meaning`, 'string'),
  ]),
  row('result.nayin.compatibility', 'object'),
  row('result.nayin.compatibility.element_distribution', 'object'),
  row('result.nayin.compatibility.harmony_level', 'object'),
  row('result.nayin.compatibility.harmony_level.score', 'integer'),
  row('result.nayin.compatibility.harmony_level.level', 'string'),
  row('result.nayin.compatibility.dominant_element', 'string', ELEMENT),
  row('result.shensha', 'object'),
  row('result.shensha.description', 'string'),
  ...STARS.flatMap((s) => [
    row(`result.shensha.${s}`, 'object'),
    row(`result.shensha.${s}.present`, 'boolean'),
    row(`result.shensha.${s}.locations`, 'array'),
    row(`result.shensha.${s}.locations[].pillar`, 'string'),
    row(`result.shensha.${s}.locations[].branch`, 'string'),
    row(`result.shensha.${s}.locations[].meaning`, 'string'),
    row(`result.shensha.${s}.count`, 'integer'),
    row(`result.shensha.${s}.effect`, 'string'),
  ]),
  row('result.shensha.kuigang', 'object'),
  row('result.shensha.kuigang.present', 'boolean'),
  row('result.shensha.kuigang.ganzhi', 'string|null'),
  row('result.shensha.kuigang.meaning', 'string'),
  row('result.shensha.kuigang.effect', 'string'),
  row('result.shensha.summary', 'object'),
  row('result.shensha.summary.active_stars', 'string[]'),
  row('result.shensha.summary.total_stars', 'integer'),
  row('result.shensha.summary.fortune_score', 'integer'),
  row('result.shensha.summary.overall_assessment', 'string'),
  row('result.shensha.summary.description', 'string'),
  row('result.enhanced_summary', 'object'),
  row('result.enhanced_summary.description', 'string'),
  row('result.enhanced_summary.key_characteristics', 'string[]'),
  row('result.enhanced_summary.fortune_indicators', 'object'),
  ...scored('overall_fortune', row('result.enhanced_summary.fortune_indicators.overall_fortune.description', 'string')),
  ...scored('career_potential', row('result.enhanced_summary.fortune_indicators.career_potential.suitable_fields', 'string[]')),
  ...scored('relationship_luck', row('result.enhanced_summary.fortune_indicators.relationship_luck.characteristics', 'string[]')),
  ...scored('wealth_potential', row('result.enhanced_summary.fortune_indicators.wealth_potential.wealth_type', 'string')),
  ...scored('academic_talent', row('result.enhanced_summary.fortune_indicators.academic_talent.learning_style', 'string[]')),
];

/** Every value at `path` (`[]` fans out over array items). */
export function valuesAt(root: unknown, path: string): unknown[] {
  let current: unknown[] = [root];
  for (const segment of path.split('.')) {
    const fanOut = segment.endsWith('[]');
    const key = fanOut ? segment.slice(0, -2) : segment;
    const next: unknown[] = [];
    for (const node of current) {
      if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) continue;
      const value = (node as Record<string, unknown>)[key];
      if (fanOut) next.push(...(Array.isArray(value) ? value : []));
      else next.push(value);
    }
    current = next;
  }
  return current;
}

export function jsonTypeMatches(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'string|null':
      return value === null || typeof value === 'string';
  }
}
