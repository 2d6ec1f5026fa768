/**
 * Every Traditional Chinese text the analysis emits (docs/scores.md: all texts come from one
 * catalogue). The ten gods' keyword meanings are the common Chinese descriptions (non-normative);
 * the rest is this service's own copy, in Chinese Bazi wording (十神, 神煞, 身強／身弱, 命盤). Arrays are
 * indexed like the calendar tables they describe (ten gods, their categories, stems, elements, 納音)
 * or by score band.
 */
import { LABELS } from './labels.ts';

export const PILLAR_LABELS = ['年柱', '月柱', '日柱', '時柱'] as const;

/** Indexed by strength level. */
export const STRENGTH_LABELS = ['身強', '中和', '身弱'] as const;
export const STRENGTH_TRAITS = ['有憑自身力量開創道路的能量', '能與周遭協調，穩定地發揮實力', '善用周遭的支持，靈活應變'] as const;

/** By day stem 甲..癸. */
// prettier-ignore
export const DAY_MASTER_TRAITS = [
  '如大樹般正直，上進心強', '如花草般柔韌，善於協調',
  '如太陽般開朗大方', '如燈火般細膩，重情重義',
  '如高山般穩重，包容力強', '如田園般樂於照顧人，踏實穩健',
  '如鋼鐵般意志堅定，處事果斷', '如寶石般感受敏銳，審美眼光高',
  '如大河般氣度恢宏，行動力強', '如雨露般思慮周密，聰慧',
] as const;

/** By ten god (比肩 … 正印). */
// prettier-ignore
export const TEN_GOD_MEANINGS = [
  '自立、獨立心', '競爭心、合作與奪財', '表達、衣食、享受', '才氣、鋒芒、批判精神', '流動之財、社交',
  '穩定之財、勤勉', '行動力、權威、壓力', '紀律、名譽、責任', '獨創、直覺、學藝', '學問、慈愛、名譽',
] as const;
// prettier-ignore
export const TEN_GOD_TRAITS = [
  '堅持自身信念，按自己的步調行事', '好勝心強，重視夥伴', '心胸寬大，懂得享受人生',
  '頭腦靈活，感受敏銳', '善於交際，服務精神旺盛', '認真踏實，一步步累積信用',
  '有迎向困難的行動力', '責任感強，彬彬有禮', '靈感豐富，個性鮮明', '求知慾強，體貼他人',
] as const;
/** What a chart that leans on each ten god tends to do (the end of `pattern_description`). */
const TEN_GOD_PATTERN_TAILS = [
  '獨立自主、憑自身力量前進',
  '在競爭中成長、與夥伴團結',
  '樂於發揮才華、在表達中獲得豐足',
  '以敏銳的感受與才氣開創新事物',
  '以人脈與機智運轉財富與機會',
  '以勤勉踏實穩步累積財富',
  '逆境中愈挫愈勇、以行動力開創道路',
  '以紀律與責任感贏得信任與地位',
  '以獨創性與直覺精進專業',
  '學習順遂、易得長輩提攜',
] as const;

/**
 * `pattern_description`, saying only what the counts show: 多見 for three or more of one ten god,
 * 出現兩次 for a lone pair, the tied names for several pairs, and no leaning when all seven differ.
 * `tied` lists the ten gods (indices) sharing the top count, the dominant one first.
 */
export function tenGodPattern(tied: readonly number[], count: number): string {
  const [dominant] = tied;
  if (dominant === undefined || count <= 1) return '七個位置的十神各不相同，是不偏重特定十神的命盤。';
  const name = LABELS.shishen[dominant];
  if (count >= 3) return `${name}多見，是${TEN_GOD_PATTERN_TAILS[dominant]}的命盤。`;
  if (tied.length === 1) return `${name}出現兩次，是傾向於${TEN_GOD_PATTERN_TAILS[dominant]}的命盤。`;
  return `${tied.map((god) => LABELS.shishen[god]).join('、')}各出現兩次，是不偏重單一十神的命盤。`;
}

/** By ten-god category (比劫 食傷 財星 官殺 印星). */
// prettier-ignore
export const SUITABLE_FIELDS = [
  ['獨立創業、自營', '體育運動', '顧問'],
  ['創意產業', '餐飲、服務業', '教育、講師'],
  ['業務、貿易', '金融', '經營管理'],
  ['公職、行政', '管理職', '法律、警務'],
  ['研究、學術', '醫療、社福', '寫作、出版'],
] as const;
export const LEARNING_STYLE_BY_CATEGORY = ['有系統地循序累積的學習', '透過實踐與表達的學習'] as const;
export const LITERARY_STAR_LEARNING = '有文昌貴人，利於考試與證照';

/** By element 木火土金水. */
// prettier-ignore
export const LEARNING_STYLE_BY_ELEMENT = [
  '在拓展興趣中成長', '憑直覺掌握要點', '透過反覆練習扎實學會',
  '按邏輯條理循序理解', '靈活地從多方面吸收',
] as const;
// prettier-ignore
export const RELATIONSHIP_BY_ELEMENT = [
  '建立支持彼此成長的關係', '熱情坦率地表達愛意', '偏好真誠穩定的關係',
  '專一且重視分寸', '能靈活配合對方',
] as const;
export const PEACH_BLOSSOM_RELATIONSHIP = '有桃花，具吸引人的魅力';
export const SPOUSE_STARS_RELATIONSHIP = ['命中有代表伴侶緣的財星、官星', '緣分在自然的相遇中培養'] as const;
// prettier-ignore
export const MISSING_ELEMENT_TRAITS = [
  '木氣偏少，宜多留意舒展與成長', '火氣偏少，宜多留意熱情的表達',
  '土氣偏少，宜多留意穩固根基', '金氣偏少，宜多留意果斷與效率',
  '水氣偏少，宜多留意靈活的思考',
] as const;
export const ALL_ELEMENTS_PRESENT = '五行俱全，平衡感佳';

/** Wealth types: 0 食傷生財, 1 正財, 2 偏財, 3 no 財星. */
// prettier-ignore
export const WEALTH_TYPES = [
  '食傷生財型（將才華或技術轉化為收入）', '正財型（穩健儲蓄）',
  '偏財型（把握機會靈活運用）', '技能信用型（財星不顯，憑實力與信用累積財富）',
] as const;
export const BALANCE_TYPES = ['偏重型', '均衡型', '標準型'] as const;

/** By score band. */
export const SCORE_LEVELS = ['非常高', '高', '標準', '偏低', '低'] as const;
export const HARMONY_LEVELS = ['非常和諧', '和諧', '普通', '稍不和諧', '不和諧'] as const;
export const OVERALL_FORTUNE_DESCRIPTIONS = [
  '五行與星曜配置協調，是容易充分發揮自身能力的命盤。',
  '整體運勢穩定，是努力容易開花結果的命盤。',
  '優點與課題兼具，是用心經營便能大幅成長的命盤。',
  '命盤有所偏重，專注於擅長的領域更能發揮實力。',
  '命盤個性鮮明，善於借助周遭的力量便能開運。',
] as const;
// prettier-ignore
export const SHENSHA_ASSESSMENTS = [
  '吉星眾多、福澤深厚的命盤', '有吉星相助的命盤', '吉凶均衡的命盤',
  '宜發揮謹慎特質的命盤', '以踏實前進為開運關鍵的命盤',
] as const;

/** By 納音 index. */
// prettier-ignore
export const NAYIN_MEANINGS = [
  '沉睡海底之金。潛藏的才華待時而現', '爐中之火。具鍛鍊之力與熱情', '大森林之木。包容並培育眾人',
  '路旁之土。支撐他人的踏實', '劍鋒之金。敏銳的判斷力與決斷力', '山頂之火。照耀遠方的醒目存在',
  '山澗之水。清澈而細膩的感受力', '城牆之土。堅固的守護與責任感', '白蠟之金。愈磨愈亮的資質',
  '楊柳之木。柔韌而善於適應', '泉中之水。源源不絕的智慧與體貼', '屋頂之土。守護他人的包容力',
  '雷電之火。爆發力與強大的影響力', '松柏之木。不畏逆境的堅忍', '長流之水。持續的努力與人脈',
  '沙中之金。經琢磨便能發光的實力', '山腳之火。溫暖平和的人品', '平地之木。率真而討人喜歡',
  '牆上之土。踏實地支撐事物', '金箔之金。華麗與品格', '燈罩中的燈火。照亮身邊人的溫暖',
  '銀河之水。施予恩澤的寬厚', '大驛站之土。匯聚人與物的格局', '髮釵手鐲之金。洗練的審美',
  '桑柘之木。助人的務實能力', '大溪之水。氣勢與行動力', '沙中之土。隨變化而應的彈性',
  '天上之火。開朗而能引領他人', '石榴之木。果實纍纍的大器晚成型', '大海之水。寬廣的視野與氣度',
] as const;

export const SECTION_DESCRIPTIONS = {
  tenGods: '以日干為基準，用十神表示各柱天干與日干的關係。',
  nayin: '六十甲子各自所配的納音五行，顯示各柱的象意及彼此間的協調。',
  shensha: '以日干、日柱、年支與日支為基準，判定主要神煞的有無。',
  shenshaSummary: '依天乙貴人、文昌貴人、魁罡（吉）與空亡（凶）的出現情形，將吉凶傾向量化為分數。桃花與華蓋吉凶兩面兼具，不計入分數。',
  enhancedSummary: '綜合日主、身強弱、五行、十神與神煞的指標。各項分數為 0 至 100 的整數。',
} as const;

/** Each star's texts, by its key (the shensha section's star keys). */
type StarKey = 'tianyi_guiren' | 'wenchang_guiren' | 'taohua' | 'huagai' | 'kongwang';

// prettier-ignore
export const STAR_TEXTS = {
  tianyi_guiren: { name: '天乙貴人', phrase: '有貴人相助', present: '遇到困難時容易得到長輩或周遭的幫助，是最上等的吉星。', absent: '命中沒有天乙貴人。靠自己建立的信任將成為助力。' },
  wenchang_guiren: { name: '文昌貴人', phrase: '蘊含智慧與學習天賦', present: '擅長學業、考試與寫作，容易在知識領域獲得肯定。', absent: '命中沒有文昌貴人。學習貴在持之以恆。' },
  taohua: { name: '桃花', phrase: '展現吸引人的魅力', present: '具亮麗的魅力與社交能力，人緣佳。此星也被認為須留意感情糾紛，吉凶兩面皆有。', absent: '命中沒有桃花。以真誠培養值得信賴的緣分。' },
  huagai: { name: '華蓋', phrase: '蘊含藝術性與精神性', present: '對藝術、宗教、學術的感受力高，自有一片天地。也有容易孤高的一面，吉凶兩面皆有。', absent: '命中沒有華蓋。能以務實的態度處理事情。' },
  kongwang: { name: '空亡', phrase: '逢空亡，緣分易生變化', present: '在空亡之柱所代表的領域，放下執著便能開運。', absent: '沒有落入空亡的柱。' },
} as const satisfies Record<StarKey, { name: string; phrase: string; present: string; absent: string }>;

export const KUIGANG_TEXTS = {
  name: '魁罡',
  meaning: '日柱為庚辰、庚戌、壬辰、戊戌之一的強勢神煞，主聰明與統率力。',
  present: '決斷力與領導力出眾，有成就大事的力量。關鍵在於避免走極端。',
  absent: '日柱不是魁罡。',
} as const;

const PILLAR_DOMAINS = ['年柱（祖上、幼年）', '月柱（家庭、社會）', '日柱（自身、配偶）', '時柱（子女、晚年）'] as const;
/** Which reference branch found a 桃花/華蓋 hit: 1 = year branch, 2 = day branch, 3 = both. */
const REFERENCE_NOTES = ['', '（由年支查得）', '（由日支查得）', '（由年支、日支查得）'] as const;

/** Location meanings, composed once at load: [star][pillar][reference 0..3]. */
const locationMeanings = {} as Record<StarKey, readonly (readonly string[])[]>;
for (const star of Object.keys(STAR_TEXTS) as StarKey[]) {
  locationMeanings[star] = PILLAR_DOMAINS.map((domain) => REFERENCE_NOTES.map((note) => `${domain}${STAR_TEXTS[star].phrase}${note}`));
}
export const STAR_LOCATION_MEANINGS: Readonly<Record<StarKey, readonly (readonly string[])[]>> = locationMeanings;
