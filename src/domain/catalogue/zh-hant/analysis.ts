/**
 * Every Traditional Chinese text the analysis emits (docs/scores.md: all texts come from one
 * catalogue), indexed as the Japanese lists are: by ten god, ten-god category, day stem, element,
 * 納音 or score band. The same copy as the Simplified Chinese catalogue in Taiwan-standard glyphs and
 * Taiwan wording (累積, 透過, 證照, 管理職, 愈挫愈勇, 品味). The ten gods' keywords are the common
 * descriptions of Chinese 八字 books (non-normative); the rest is this service's own copy. 命局 is the
 * chart as read (the Japanese 命式 in a sentence; the table itself is the 命盤), 身強 / 身弱 the
 * strength of the 日主.
 */
import type { Catalogue } from '../index.ts';
import { LABELS } from './labels.ts';

type A = Catalogue['analysis'];

export const PILLAR_LABELS = ['年柱', '月柱', '日柱', '時柱'] as const satisfies A['PILLAR_LABELS'];

/** Indexed by strength level (身強, 中和, 身弱). */
export const STRENGTH_LABELS = ['身強', '中和', '身弱'] as const satisfies A['STRENGTH_LABELS'];
export const STRENGTH_TRAITS = [
  '有憑自身力量開拓道路的幹勁',
  '能與周圍協調，穩定地發揮實力',
  '善於藉助周圍的支持，處事靈活變通',
] as const satisfies A['STRENGTH_TRAITS'];

/** By day stem 甲..癸. */
// prettier-ignore
export const DAY_MASTER_TRAITS = [
  '如大樹，正直挺拔，上進心強', '如花草，柔韌靈活，善於協調',
  '如太陽，光明開朗，坦率大方', '如燈火，心思細膩，重情重義',
  '如高山，穩重厚實，包容力強', '如田園，樂於照顧他人，踏實穩健',
  '如鋼鐵，意志堅定，處事果斷', '如珠玉，感受敏銳，審美品味高',
  '如大河，氣量宏大，富有行動力', '如雨露，思慮周密，聰慧睿智',
] as const satisfies A['DAY_MASTER_TRAITS'];

/** By ten god (比肩 … 正印). */
// prettier-ignore
export const TEN_GOD_MEANINGS = [
  '自立、獨立精神', '競爭心、合作與奪財', '表達、衣食、享受', '才氣、鋒芒、批判精神', '流動之財、善於交際',
  '穩定之財、勤勉', '行動力、權威、壓力', '紀律、名譽、責任', '獨創、直覺、學藝', '學問、慈愛、名譽',
] as const satisfies A['TEN_GOD_MEANINGS'];
// prettier-ignore
export const TEN_GOD_TRAITS = [
  '堅持自己的信念，按自己的節奏行事', '好勝心強，珍惜夥伴', '性情寬厚，懂得享受人生',
  '頭腦靈活，感受敏銳', '善於交際，樂於為人服務', '認真踏實，一點一滴累積信用',
  '迎難而上，行動力強', '責任感強，彬彬有禮', '靈感豐富，個性鮮明', '求知慾強，體貼他人',
] as const satisfies A['TEN_GOD_TRAITS'];
/** What a chart that leans on each ten god tends to do (the end of `pattern_description`). */
const TEN_GOD_PATTERN_TAILS = [
  '獨立自主、憑自身力量前進',
  '在競爭中成長、與夥伴團結一心',
  '樂於展現才華、從中收穫富足',
  '以敏銳的感受力和才氣開創新事物',
  '憑人脈與機智調動財富和機會',
  '以勤勉踏實穩步累積財富',
  '愈挫愈勇、以行動力開拓道路',
  '以紀律和責任感贏得信任與地位',
  '憑獨創性與直覺鑽研專業',
  '學業順遂、易得長輩提攜',
] as const;

/**
 * `pattern_description`, saying only what the counts show: "多見" for three or more of one ten god,
 * "有兩個" for a lone pair, the tied names for several pairs, and no leaning when all seven differ.
 * `tied` lists the ten gods (index 0 比肩 … 9 正印) sharing the top count, the dominant one first.
 */
export function tenGodPattern(tied: readonly number[], count: number): string {
  const [dominant] = tied;
  if (dominant === undefined || count <= 1) return '七個位置的十神各不相同，是不偏於特定十神的命局。';
  const name = LABELS.shishen[dominant]!;
  if (count >= 3) return `${name}多見，是${TEN_GOD_PATTERN_TAILS[dominant]}的命局。`;
  if (tied.length === 1) return `${name}有兩個，命局有${TEN_GOD_PATTERN_TAILS[dominant]}的傾向。`;
  return `${tied.map((god) => LABELS.shishen[god]).join('、')}各有兩個，是不偏於單一十神的命局。`;
}

/** By ten-god category (比劫 食傷 財星 官殺 印星). */
// prettier-ignore
export const SUITABLE_FIELDS = [
  ['獨立創業、自營', '體育運動', '諮詢顧問'],
  ['創意產業', '餐飲、服務業', '教育、講師'],
  ['銷售、貿易', '金融', '企業經營'],
  ['公職、行政', '管理職', '法律、警務'],
  ['研究、學術', '醫療、社會福利', '寫作、出版'],
] as const satisfies A['SUITABLE_FIELDS'];
export const LEARNING_STYLE_BY_CATEGORY = [
  '系統地循序累積的學習',
  '透過實踐與表達來學習',
] as const satisfies A['LEARNING_STYLE_BY_CATEGORY'];
export const LITERARY_STAR_LEARNING = '命帶文昌貴人，利於考試與考取證照';

/** By element 木火土金水. */
// prettier-ignore
export const LEARNING_STYLE_BY_ELEMENT = [
  '在拓展興趣中不斷成長', '憑直覺抓住要點', '耐心反覆、紮實掌握',
  '按邏輯條理分明地理解', '靈活地從多方面吸收',
] as const satisfies A['LEARNING_STYLE_BY_ELEMENT'];
// prettier-ignore
export const RELATIONSHIP_BY_ELEMENT = [
  '建立支持對方成長的關係', '熱情坦率地表達愛意', '為人真誠，喜歡安穩的關係',
  '感情專一，重視分寸', '能靈活地配合對方',
] as const satisfies A['RELATIONSHIP_BY_ELEMENT'];
export const PEACH_BLOSSOM_RELATIONSHIP = '命帶桃花，富有吸引人的魅力';
export const SPOUSE_STARS_RELATIONSHIP = [
  '命中有代表伴侶緣分的財星、官星',
  '緣分在自然的相遇中慢慢培養',
] as const satisfies A['SPOUSE_STARS_RELATIONSHIP'];
// prettier-ignore
export const MISSING_ELEMENT_TRAITS = [
  '五行缺木，宜多留意舒展與成長', '五行缺火，宜多留意熱情的表達',
  '五行缺土，宜多留意打穩根基', '五行缺金，宜多留意當機立斷',
  '五行缺水，宜多留意靈活的思考',
] as const satisfies A['MISSING_ELEMENT_TRAITS'];
export const ALL_ELEMENTS_PRESENT = '五行俱全，富有平衡感';

/** Wealth types: 0 食傷生財, 1 正財, 2 偏財, 3 no 財星. */
// prettier-ignore
export const WEALTH_TYPES = [
  '食傷生財型（把才華和技術轉化為收入）', '正財型（穩健積蓄）',
  '偏財型（把握機會、靈活運作）', '技能信用型（財星不顯，憑實力與信用累積財富）',
] as const satisfies A['WEALTH_TYPES'];
export const BALANCE_TYPES = ['偏重型', '均衡型', '標準型'] as const satisfies A['BALANCE_TYPES'];

/** By score band. */
export const SCORE_LEVELS = ['非常高', '高', '中等', '偏低', '低'] as const satisfies A['SCORE_LEVELS'];
export const HARMONY_LEVELS = ['非常和諧', '和諧', '一般', '略欠和諧', '不和諧'] as const satisfies A['HARMONY_LEVELS'];
export const OVERALL_FORTUNE_DESCRIPTIONS = [
  '五行與星曜配置協調，是容易充分發揮自身實力的命局。',
  '整體運勢平穩，是努力容易開花結果的命局。',
  '長處與不足兼而有之，是善加經營便能大有發展的命局。',
  '命局有所偏重，專注於擅長的領域更易發揮實力。',
  '是個性鮮明的命局，善於藉助周圍的力量便能開運。',
] as const satisfies A['OVERALL_FORTUNE_DESCRIPTIONS'];
// prettier-ignore
export const SHENSHA_ASSESSMENTS = [
  '吉星高照的命局', '有吉星相助的命局', '吉凶平衡的命局',
  '宜發揮謹慎特質的命局', '以穩紮穩打為開運關鍵的命局',
] as const satisfies A['SHENSHA_ASSESSMENTS'];

/** By 納音 index (海中金 … 大海水). */
// prettier-ignore
export const NAYIN_MEANINGS = [
  '沉睡海底之金。潛藏的才華待時而顯', '爐中之火。具有鍛造之力與熱情', '大森林之木。庇護、養育眾人',
  '路旁之土。樸實可靠，支撐他人', '劍鋒之金。敏銳的判斷力與決斷力', '山頭之火。光照遠方，引人注目',
  '山澗之水。清澈而細膩的感受力', '城牆之土。堅固的守護與責任感', '白蠟之金。愈經磨鍊愈顯光彩的資質',
  '楊柳之木。柔韌靈活，適應力強', '泉中之水。源源不絕的智慧與體貼', '屋上之土。守護他人的包容力',
  '霹靂之火。爆發力與強大的影響力', '松柏之木。不畏逆境的堅忍', '長流之水。持之以恆的努力與人脈',
  '沙中之金。經琢磨便能發光的實力', '山下之火。溫暖平和的性情', '平地之木。率真而討人喜歡',
  '壁上之土。踏實地支撐事物', '金箔之金。華美而有品格', '燈罩中的燈火。照亮身邊人的溫暖',
  '天河之水。施予恩澤的寬厚胸懷', '大驛站之土。匯聚人與物的格局', '釵釧之金。精緻的審美品味',
  '桑柘之木。務實能幹，有益於人', '大溪之水。氣勢充沛，行動力強', '沙中之土。隨機應變，靈活柔韌',
  '天上之火。開朗明亮，能引領眾人', '石榴之木。碩果累累的大器晚成型', '大海之水。視野開闊，氣量宏大',
] as const satisfies A['NAYIN_MEANINGS'];

export const SECTION_DESCRIPTIONS = {
  tenGods: '以日干為基準，用十神表示各柱天干與日干的關係。',
  nayin: '六十甲子各配納音五行，顯示各柱的象意及彼此間的調和。',
  shensha: '以日干、日柱、年支與日支為基準，判斷主要神煞的有無。',
  shenshaSummary: '根據天乙貴人、文昌貴人、魁罡（吉）與空亡（凶）的出現情況，將吉凶傾向折算為分數。桃花與華蓋吉凶兩面兼具，不計入分數。',
  enhancedSummary: '綜合日主、身強身弱、五行、十神與神煞的指標。各項分數均為 0 至 100 的整數。',
} as const satisfies A['SECTION_DESCRIPTIONS'];

type StarKey = keyof A['STAR_TEXTS'];

// prettier-ignore
export const STAR_TEXTS = {
  tianyi_guiren: { name: '天乙貴人', phrase: '得貴人相助', present: '是最上等的吉星，遇到困難時容易得到長輩或周圍人的幫助。', absent: '命中無天乙貴人。自己建立起來的信任便是助力。' },
  wenchang_guiren: { name: '文昌貴人', phrase: '蘊含智慧與學習的天賦', present: '利於學業、考試與寫作，在知識領域容易獲得認可。', absent: '命中無文昌貴人。學習貴在持之以恆。' },
  taohua: { name: '桃花', phrase: '展現吸引人的魅力', present: '魅力出眾、善於交際，受人歡迎。一般認為此星須留意感情糾葛，吉凶兩面皆有。', absent: '命中無桃花。以真誠培養值得信賴的緣分。' },
  huagai: { name: '華蓋', phrase: '富於藝術性與精神性', present: '對藝術、宗教、學術的感受力強，自有一片天地。也有容易孤高的一面，吉凶兩面皆有。', absent: '命中無華蓋。能以務實的眼光處理事務。' },
  kongwang: { name: '空亡', phrase: '逢空亡，緣分易生變化', present: '在空亡之柱所主的領域，放下執著則運勢自開。', absent: '命中沒有落入空亡的柱。' },
} as const satisfies A['STAR_TEXTS'];

export const KUIGANG_TEXTS = {
  name: '魁罡',
  meaning: '日柱逢庚辰、庚戌、壬辰、戊戌之一即為魁罡，是剛強之星，主聰明與統率力。',
  present: '決斷力與領導力出眾，有成就大事之力。關鍵在於不走極端。',
  absent: '日柱不是魁罡。',
} as const satisfies A['KUIGANG_TEXTS'];

const PILLAR_DOMAINS = ['年柱（祖上、幼年）', '月柱（家庭、社會）', '日柱（自身、配偶）', '時柱（子女、晚年）'] as const;
/** Which reference branch found a 桃花/華蓋 hit: 1 = year branch, 2 = day branch, 3 = both. */
const REFERENCE_NOTES = ['', '（由年支查得）', '（由日支查得）', '（由年支、日支查得）'] as const;

/** Location meanings, composed once at load: [star][pillar][reference 0..3]. */
const locationMeanings = {} as Record<StarKey, readonly (readonly string[])[]>;
for (const star of Object.keys(STAR_TEXTS) as StarKey[]) {
  locationMeanings[star] = PILLAR_DOMAINS.map((domain) => REFERENCE_NOTES.map((note) => `${domain}：${STAR_TEXTS[star].phrase}${note}`));
}
export const STAR_LOCATION_MEANINGS: A['STAR_LOCATION_MEANINGS'] = locationMeanings;
