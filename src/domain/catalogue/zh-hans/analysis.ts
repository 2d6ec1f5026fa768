/**
 * Every Simplified Chinese text the analysis emits (docs/scores.md: all texts come from one
 * catalogue), indexed as the Japanese lists are: by ten god, ten-god category, day stem, element,
 * 纳音 or score band. The ten gods' keywords are the common descriptions of Chinese 八字 books
 * (non-normative); the rest is this service's own copy. 命局 is the chart as read (the Japanese 命式 in
 * a sentence; the table itself is the 命盘), 身强 / 身弱 the strength of the 日主.
 */
import type { Catalogue } from '../index.ts';
import { LABELS } from './labels.ts';

type A = Catalogue['analysis'];

export const PILLAR_LABELS = ['年柱', '月柱', '日柱', '时柱'] as const satisfies A['PILLAR_LABELS'];

/** Indexed by strength level (身强, 中和, 身弱). */
export const STRENGTH_LABELS = ['身强', '中和', '身弱'] as const satisfies A['STRENGTH_LABELS'];
export const STRENGTH_TRAITS = [
  '有凭自身力量开拓道路的干劲',
  '能与周围协调，稳定地发挥实力',
  '善于借助周围的支持，处事灵活变通',
] as const satisfies A['STRENGTH_TRAITS'];

/** By day stem 甲..癸. */
// prettier-ignore
export const DAY_MASTER_TRAITS = [
  '如大树，正直挺拔，上进心强', '如花草，柔韧灵活，善于协调',
  '如太阳，光明开朗，坦率大方', '如灯火，心思细腻，重情重义',
  '如高山，稳重厚实，包容力强', '如田园，乐于照顾他人，踏实稳健',
  '如钢铁，意志坚定，处事果断', '如珠玉，感受敏锐，审美品位高',
  '如大河，气量宏大，富有行动力', '如雨露，思虑周密，聪慧睿智',
] as const satisfies A['DAY_MASTER_TRAITS'];

/** By ten god (比肩 … 正印). */
// prettier-ignore
export const TEN_GOD_MEANINGS = [
  '自立、独立精神', '竞争心、合作与夺财', '表达、衣食、享受', '才气、锋芒、批判精神', '流动之财、善于交际',
  '稳定之财、勤勉', '行动力、权威、压力', '纪律、名誉、责任', '独创、直觉、学艺', '学问、慈爱、名誉',
] as const satisfies A['TEN_GOD_MEANINGS'];
// prettier-ignore
export const TEN_GOD_TRAITS = [
  '坚持自己的信念，按自己的节奏行事', '好胜心强，珍惜伙伴', '性情宽厚，懂得享受人生',
  '头脑灵活，感受敏锐', '善于交际，乐于为人服务', '认真踏实，一点一滴积累信用',
  '迎难而上，行动力强', '责任感强，彬彬有礼', '灵感丰富，个性鲜明', '求知欲强，体贴他人',
] as const satisfies A['TEN_GOD_TRAITS'];
/** What a chart that leans on each ten god tends to do (the end of `pattern_description`). */
const TEN_GOD_PATTERN_TAILS = [
  '独立自主、凭自身力量前进',
  '在竞争中成长、与伙伴团结一心',
  '乐于展现才华、从中收获富足',
  '以敏锐的感受力和才气开创新事物',
  '凭人脉与机智调动财富和机会',
  '以勤勉踏实稳步积累财富',
  '越挫越勇、以行动力开拓道路',
  '以纪律和责任感赢得信任与地位',
  '凭独创性与直觉钻研专业',
  '学业顺遂、易得长辈提携',
] as const;

/**
 * `pattern_description`, saying only what the counts show: "多见" for three or more of one ten god,
 * "有两个" for a lone pair, the tied names for several pairs, and no leaning when all seven differ.
 * `tied` lists the ten gods (index 0 比肩 … 9 正印) sharing the top count, the dominant one first.
 */
export function tenGodPattern(tied: readonly number[], count: number): string {
  const [dominant] = tied;
  if (dominant === undefined || count <= 1) return '七个位置的十神各不相同，是不偏于特定十神的命局。';
  const name = LABELS.shishen[dominant]!;
  if (count >= 3) return `${name}多见，是${TEN_GOD_PATTERN_TAILS[dominant]}的命局。`;
  if (tied.length === 1) return `${name}有两个，命局有${TEN_GOD_PATTERN_TAILS[dominant]}的倾向。`;
  return `${tied.map((god) => LABELS.shishen[god]).join('、')}各有两个，是不偏于单一十神的命局。`;
}

/** By ten-god category (比劫 食伤 财星 官杀 印星). */
// prettier-ignore
export const SUITABLE_FIELDS = [
  ['独立创业、自营', '体育运动', '咨询顾问'],
  ['创意产业', '餐饮、服务业', '教育、讲师'],
  ['销售、贸易', '金融', '企业经营'],
  ['公职、行政', '管理岗位', '法律、警务'],
  ['研究、学术', '医疗、社会福利', '写作、出版'],
] as const satisfies A['SUITABLE_FIELDS'];
export const LEARNING_STYLE_BY_CATEGORY = [
  '系统地循序积累的学习',
  '通过实践与表达来学习',
] as const satisfies A['LEARNING_STYLE_BY_CATEGORY'];
export const LITERARY_STAR_LEARNING = '命带文昌贵人，利于考试与考取资格证书';

/** By element 木火土金水. */
// prettier-ignore
export const LEARNING_STYLE_BY_ELEMENT = [
  '在拓展兴趣中不断成长', '凭直觉抓住要点', '耐心反复、扎实掌握',
  '按逻辑条理分明地理解', '灵活地从多方面吸收',
] as const satisfies A['LEARNING_STYLE_BY_ELEMENT'];
// prettier-ignore
export const RELATIONSHIP_BY_ELEMENT = [
  '建立支持对方成长的关系', '热情坦率地表达爱意', '为人真诚，喜欢安稳的关系',
  '感情专一，重视分寸', '能灵活地配合对方',
] as const satisfies A['RELATIONSHIP_BY_ELEMENT'];
export const PEACH_BLOSSOM_RELATIONSHIP = '命带桃花，富有吸引人的魅力';
export const SPOUSE_STARS_RELATIONSHIP = [
  '命中有代表伴侣缘分的财星、官星',
  '缘分在自然的相遇中慢慢培养',
] as const satisfies A['SPOUSE_STARS_RELATIONSHIP'];
// prettier-ignore
export const MISSING_ELEMENT_TRAITS = [
  '五行缺木，宜多留意舒展与成长', '五行缺火，宜多留意热情的表达',
  '五行缺土，宜多留意打稳根基', '五行缺金，宜多留意当机立断',
  '五行缺水，宜多留意灵活的思考',
] as const satisfies A['MISSING_ELEMENT_TRAITS'];
export const ALL_ELEMENTS_PRESENT = '五行俱全，富有平衡感';

/** Wealth types: 0 食伤生财, 1 正财, 2 偏财, 3 no 财星. */
// prettier-ignore
export const WEALTH_TYPES = [
  '食伤生财型（把才华和技术转化为收入）', '正财型（稳健积蓄）',
  '偏财型（把握机会、灵活运作）', '技能信用型（财星不显，凭实力与信用积累财富）',
] as const satisfies A['WEALTH_TYPES'];
export const BALANCE_TYPES = ['偏重型', '均衡型', '标准型'] as const satisfies A['BALANCE_TYPES'];

/** By score band. */
export const SCORE_LEVELS = ['非常高', '高', '中等', '偏低', '低'] as const satisfies A['SCORE_LEVELS'];
export const HARMONY_LEVELS = ['非常和谐', '和谐', '一般', '略欠和谐', '不和谐'] as const satisfies A['HARMONY_LEVELS'];
export const OVERALL_FORTUNE_DESCRIPTIONS = [
  '五行与星曜配置协调，是容易充分发挥自身实力的命局。',
  '整体运势平稳，是努力容易开花结果的命局。',
  '长处与不足兼而有之，是善加经营便能大有发展的命局。',
  '命局有所偏重，专注于擅长的领域更易发挥实力。',
  '是个性鲜明的命局，善于借助周围的力量便能开运。',
] as const satisfies A['OVERALL_FORTUNE_DESCRIPTIONS'];
// prettier-ignore
export const SHENSHA_ASSESSMENTS = [
  '吉星高照的命局', '有吉星相助的命局', '吉凶平衡的命局',
  '宜发挥谨慎特质的命局', '以稳扎稳打为开运关键的命局',
] as const satisfies A['SHENSHA_ASSESSMENTS'];

/** By 纳音 index (海中金 … 大海水). */
// prettier-ignore
export const NAYIN_MEANINGS = [
  '沉睡海底之金。潜藏的才华待时而显', '炉中之火。具有锻造之力与热情', '大森林之木。庇护、养育众人',
  '路旁之土。朴实可靠，支撑他人', '剑锋之金。敏锐的判断力与决断力', '山头之火。光照远方，引人注目',
  '山涧之水。清澈而细腻的感受力', '城墙之土。坚固的守护与责任感', '白蜡之金。愈经磨炼愈显光彩的资质',
  '杨柳之木。柔韧灵活，适应力强', '泉中之水。源源不绝的智慧与体贴', '屋上之土。守护他人的包容力',
  '霹雳之火。爆发力与强大的影响力', '松柏之木。不畏逆境的坚忍', '长流之水。持之以恒的努力与人脉',
  '沙中之金。经琢磨便能发光的实力', '山下之火。温暖平和的性情', '平地之木。率真而讨人喜欢',
  '壁上之土。踏实地支撑事物', '金箔之金。华美而有品格', '灯罩中的灯火。照亮身边人的温暖',
  '天河之水。施予恩泽的宽厚胸怀', '大驿站之土。汇聚人与物的格局', '钗钏之金。精致的审美品位',
  '桑柘之木。务实能干，有益于人', '大溪之水。气势充沛，行动力强', '沙中之土。随机应变，灵活柔韧',
  '天上之火。开朗明亮，能引领众人', '石榴之木。硕果累累的大器晚成型', '大海之水。视野开阔，气量宏大',
] as const satisfies A['NAYIN_MEANINGS'];

export const SECTION_DESCRIPTIONS = {
  tenGods: '以日干为基准，用十神表示各柱天干与日干的关系。',
  nayin: '六十甲子各配纳音五行，显示各柱的象意及彼此间的调和。',
  shensha: '以日干、日柱、年支与日支为基准，判断主要神煞的有无。',
  shenshaSummary: '根据天乙贵人、文昌贵人、魁罡（吉）与空亡（凶）的出现情况，将吉凶倾向折算为分数。桃花与华盖吉凶两面兼具，不计入分数。',
  enhancedSummary: '综合日主、身强身弱、五行、十神与神煞的指标。各项分数均为 0 至 100 的整数。',
} as const satisfies A['SECTION_DESCRIPTIONS'];

type StarKey = keyof A['STAR_TEXTS'];

// prettier-ignore
export const STAR_TEXTS = {
  tianyi_guiren: { name: '天乙贵人', phrase: '得贵人相助', present: '是最上等的吉星，遇到困难时容易得到长辈或周围人的帮助。', absent: '命中无天乙贵人。自己建立起来的信任便是助力。' },
  wenchang_guiren: { name: '文昌贵人', phrase: '蕴含智慧与学习的天赋', present: '利于学业、考试与写作，在知识领域容易获得认可。', absent: '命中无文昌贵人。学习贵在持之以恒。' },
  taohua: { name: '桃花', phrase: '展现吸引人的魅力', present: '魅力出众、善于交际，受人欢迎。一般认为此星须留意感情纠葛，吉凶两面皆有。', absent: '命中无桃花。以真诚培养值得信赖的缘分。' },
  huagai: { name: '华盖', phrase: '富于艺术性与精神性', present: '对艺术、宗教、学术的感受力强，自有一片天地。也有容易孤高的一面，吉凶两面皆有。', absent: '命中无华盖。能以务实的眼光处理事务。' },
  kongwang: { name: '空亡', phrase: '逢空亡，缘分易生变化', present: '在空亡之柱所主的领域，放下执着则运势自开。', absent: '命中没有落入空亡的柱。' },
} as const satisfies A['STAR_TEXTS'];

export const KUIGANG_TEXTS = {
  name: '魁罡',
  meaning: '日柱逢庚辰、庚戌、壬辰、戊戌之一即为魁罡，是刚强之星，主聪明与统率力。',
  present: '决断力与领导力出众，有成就大事之力。关键在于不走极端。',
  absent: '日柱不是魁罡。',
} as const satisfies A['KUIGANG_TEXTS'];

const PILLAR_DOMAINS = ['年柱（祖上、幼年）', '月柱（家庭、社会）', '日柱（自身、配偶）', '时柱（子女、晚年）'] as const;
/** Which reference branch found a 桃花/华盖 hit: 1 = year branch, 2 = day branch, 3 = both. */
const REFERENCE_NOTES = ['', '（由年支查得）', '（由日支查得）', '（由年支、日支查得）'] as const;

/** Location meanings, composed once at load: [star][pillar][reference 0..3]. */
const locationMeanings = {} as Record<StarKey, readonly (readonly string[])[]>;
for (const star of Object.keys(STAR_TEXTS) as StarKey[]) {
  locationMeanings[star] = PILLAR_DOMAINS.map((domain) => REFERENCE_NOTES.map((note) => `${domain}：${STAR_TEXTS[star].phrase}${note}`));
}
export const STAR_LOCATION_MEANINGS: A['STAR_LOCATION_MEANINGS'] = locationMeanings;
