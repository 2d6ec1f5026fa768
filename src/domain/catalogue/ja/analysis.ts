/**
 * Every Japanese text the analysis emits, in one place (docs/scores.md: all texts come from one
 * catalogue). The ten gods' keyword meanings are the common Japanese descriptions (non-normative);
 * the rest is this service's own copy. Arrays are indexed like the calendar tables they describe
 * (TEN_GODS, TEN_GOD_CATEGORIES, STEMS, ELEMENTS, NAYIN_NAMES) or by score band (scores.ts).
 */
import { TEN_GODS } from '../../calendar/ten-gods.ts';

export const PILLAR_LABELS = ['年柱', '月柱', '日柱', '時柱'] as const;

/** Indexed by StrengthLevel (scores.ts). */
export const STRENGTH_LABELS = ['身強', '中和', '身弱'] as const;
export const STRENGTH_TRAITS = [
  '自分の力で道を切り開くエネルギーがある',
  '周囲と調和しながら安定して力を発揮できる',
  '周囲の支えを活かし柔軟に立ち回れる',
] as const;

/** By day stem 甲..癸. */
// prettier-ignore
export const DAY_MASTER_TRAITS = [
  '大樹のようにまっすぐで向上心が強い', '草花のようにしなやかで協調性がある',
  '太陽のように明るく開放的', '灯火のように繊細で情に厚い',
  '山のようにどっしりと包容力がある', '田畑のように面倒見がよく堅実',
  '鋼のように意志が固く決断力がある', '宝石のように感性が鋭く美意識が高い',
  '大河のように度量が大きく行動的', '雨露のように思慮深く知的',
] as const;

/** By ten god (比肩 … 印綬). */
// prettier-ignore
export const TEN_GOD_MEANINGS = [
  '自立・独立心', '競争心・協調と奪財', '表現・衣食・楽しみ', '才気・鋭さ・批判精神', '流動する財・社交性',
  '堅実な財・勤勉', '行動力・権威・圧力', '規律・名誉・責任', '独創・直観・学芸', '学問・慈愛・名誉',
] as const;
// prettier-ignore
export const TEN_GOD_TRAITS = [
  '自分の信念を貫くマイペースさ', '負けず嫌いで仲間を大切にする', 'おおらかで人生を楽しむ才能',
  '頭の回転が速く感性が鋭い', '人付き合いがうまくサービス精神旺盛', 'まじめで信用を積み重ねる',
  '困難に立ち向かう行動力', '責任感が強く礼儀正しい', 'ひらめきに富み個性的', '知識欲が強く思いやりがある',
] as const;
/** What a chart that leans on each ten god tends to do (the end of `pattern_description`). */
const TEN_GOD_PATTERN_TAILS = [
  '独立独歩で自分の力を頼みに進む',
  '競争の中で力を伸ばし仲間と結束する',
  '才能を楽しみながら表現し豊かさを得る',
  '鋭い感性と才気で新しいものを生み出す',
  '人脈と機転で財や機会を動かす',
  '勤勉さと堅実さで着実に財を築く',
  '逆境に強く行動力で道を切り開く',
  '規律と責任感で信頼と地位を得る',
  '独創性と直観で専門性を磨く',
  '学びと周囲の引き立てに恵まれる',
] as const;

/**
 * `pattern_description`, saying only what the counts show: "多く" for three or more of one ten god,
 * "二つあり" for a lone pair, the tied names for several pairs, and no leaning when all seven differ.
 * `tied` lists the ten gods (TEN_GODS indices) sharing the top count, the dominant one first.
 */
export function tenGodPattern(tied: readonly number[], count: number): string {
  const [dominant] = tied;
  if (dominant === undefined || count <= 1) return '七つの位置の通変星がすべて異なり、特定の星に偏らない命式です。';
  if (count >= 3) return `${TEN_GODS[dominant]}が多く、${TEN_GOD_PATTERN_TAILS[dominant]}命式です。`;
  if (tied.length === 1) return `${TEN_GODS[dominant]}が二つあり、${TEN_GOD_PATTERN_TAILS[dominant]}傾向のある命式です。`;
  return `${tied.map((god) => TEN_GODS[god]).join('・')}が二つずつあり、一つの星に偏らない命式です。`;
}

/** By ten-god category (比劫 食傷 財星 官殺 印星). */
// prettier-ignore
export const SUITABLE_FIELDS = [
  ['独立・自営', 'スポーツ', 'コンサルタント'],
  ['クリエイティブ', '飲食・サービス', '教育・講師'],
  ['営業・商社', '金融', '経営・事業運営'],
  ['公務・行政', '管理職', '法務・警察'],
  ['研究・学術', '医療・福祉', '文筆・出版'],
] as const;
export const LEARNING_STYLE_BY_CATEGORY = ['体系的に積み上げる学び', '実践と表現を通じた学び'] as const;
export const LITERARY_STAR_LEARNING = '文昌貴人があり試験や資格に強い';

/** By element 木火土金水. */
// prettier-ignore
export const LEARNING_STYLE_BY_ELEMENT = [
  '興味を広げながら伸びていく', '直感的に要点をつかむ', 'じっくり反復して身につける',
  '論理を筋道立てて理解する', '柔軟に多方面から吸収する',
] as const;
// prettier-ignore
export const RELATIONSHIP_BY_ELEMENT = [
  '相手の成長を応援する関係を築く', '情熱的で率直に愛情を表す', '誠実で安定した関係を好む',
  'けじめを大切にする一途さ', '相手に合わせる柔軟さ',
] as const;
export const PEACH_BLOSSOM_RELATIONSHIP = '桃花があり人を惹きつける魅力がある';
export const SPOUSE_STARS_RELATIONSHIP = ['パートナー縁を示す財星・官星がある', '縁は自然な出会いの中で育つ'] as const;
// prettier-ignore
export const MISSING_ELEMENT_TRAITS = [
  '木の気が少なく、伸びやかさを意識するとよい', '火の気が少なく、情熱の表現を意識するとよい',
  '土の気が少なく、足場固めを意識するとよい', '金の気が少なく、決断の速さを意識するとよい',
  '水の気が少なく、柔軟な発想を意識するとよい',
] as const;
export const ALL_ELEMENTS_PRESENT = '五行がそろい、バランス感覚に優れる';

/** Wealth types: 0 食傷生財, 1 正財, 2 偏財, 3 財星なし. */
// prettier-ignore
export const WEALTH_TYPES = [
  '食傷生財型（才能や技術を収入に変える）', '正財型（堅実に蓄える）',
  '偏財型（機会を捉えて動かす）', '技能信用型（財星は控えめ、実力と信用から財を築く）',
] as const;
export const BALANCE_TYPES = ['偏重型', '均衡型', '標準型'] as const;

/** By score band (scores.ts scoreBandOf). */
export const SCORE_LEVELS = ['非常に高い', '高い', '標準', 'やや低い', '低い'] as const;
export const HARMONY_LEVELS = ['非常に良好', '良好', '普通', 'やや不調和', '不調和'] as const;
export const OVERALL_FORTUNE_DESCRIPTIONS = [
  '五行と星の巡りが整い、持てる力を存分に発揮しやすい命式です。',
  '全体に安定した運勢で、努力が実を結びやすい命式です。',
  '長所と課題がほどよく混ざり、工夫次第で大きく伸びる命式です。',
  '偏りがあるぶん、得意分野に絞ると力を発揮しやすい命式です。',
  '個性が際立つ命式で、周囲の助けを上手に借りると開運につながります。',
] as const;
// prettier-ignore
export const SHENSHA_ASSESSMENTS = [
  '吉星に大いに恵まれた命式', '吉星の助けがある命式', '吉凶のバランスがとれた命式',
  '慎重さを活かしたい命式', '堅実な歩みが開運の鍵となる命式',
] as const;

/** By 納音 index (NAYIN_NAMES order). */
// prettier-ignore
export const NAYIN_MEANINGS = [
  '海底に眠る金。秘めた才能が時を得て現れる', '炉の中の火。鍛える力と情熱を持つ', '大きな森の木。多くの人を包み育てる',
  '道端の土。人を支える実直さ', '剣の切っ先の金。鋭い判断力と決断力', '山頂の火。遠くまで照らす目立つ存在',
  '谷川の水。清らかで繊細な感性', '城壁の土。守りの堅さと責任感', '白鑞の金。磨かれるほど輝く素質',
  '柳の木。しなやかで適応力がある', '井戸の泉の水。尽きない知恵と思いやり', '屋根の上の土。人を守る包容力',
  '雷の火。瞬発力と強い影響力', '松や柏の木。逆境に負けない忍耐', '長い流れの水。持続する努力と人脈',
  '砂の中の金。磨けば光る実力', '山の麓の火。温かく穏やかな人柄', '平地の木。素直で人に好かれる',
  '壁の土。堅実に物事を支える', '金箔の金。華やかさと品格', '覆いの中の灯火。身近な人を照らす温かさ',
  '天の川の水。恵みを与える大らかさ', '大きな宿場の土。人と物が集まる器', '簪や腕輪の金。洗練された美意識',
  '桑の木。人の役に立つ実務力', '大きな渓流の水。勢いと行動力', '砂の中の土。変化に応じる柔軟さ',
  '天の火。明るく人を導く力', '石榴の木。実りの多い晩成型', '大海の水。広い視野と度量',
] as const;

export const SECTION_DESCRIPTIONS = {
  tenGods: '日干を基準に各柱の天干との関係を十種の通変星で表したものです。',
  nayin: '六十干支それぞれに配された納音五行で、各柱の象意と相互の調和を示します。',
  shensha: '日干・日柱・年支と日支を基準に、主要な神殺（特殊星）の有無を判定したものです。',
  shenshaSummary:
    '天乙貴人・文昌貴人・魁罡（吉）と空亡（凶）の出現から吉凶の傾向を点数化しました。桃花と華蓋は吉凶両面の星として点数に入れていません。',
  enhancedSummary: '日主・身強弱・五行・通変星・神殺を総合した指標です。各スコアは0〜100の整数です。',
} as const;

/** Each star's texts, by its key (the shensha section's STAR_KEYS). */
type StarKey = 'tianyi_guiren' | 'wenchang_guiren' | 'taohua' | 'huagai' | 'kongwang';

// prettier-ignore
export const STAR_TEXTS = {
  tianyi_guiren: { name: '天乙貴人', phrase: '貴人の助けが現れる', present: '困難な時に目上や周囲の助けを得やすい最上の吉星です。', absent: '天乙貴人はありません。自力で築いた信頼が助けになります。' },
  wenchang_guiren: { name: '文昌貴人', phrase: '知性と学びの才が宿る', present: '学問・試験・文筆に強く、知的な分野で評価されやすくなります。', absent: '文昌貴人はありません。学びは継続によって実ります。' },
  taohua: { name: '桃花', phrase: '人を惹きつける魅力が表れる', present: '華やかな魅力と社交性があり人気を集めます。異性関係のもつれには注意が要るとされる星で、吉凶どちらにも働きます。', absent: '桃花はありません。誠実さで信頼される縁を育てます。' },
  huagai: { name: '華蓋', phrase: '芸術性と精神性が宿る', present: '芸術・宗教・学術への感受性が高く、独自の世界を持ちます。孤高になりやすい面もあり、吉凶どちらにも働きます。', absent: '華蓋はありません。現実的な感覚で物事を進められます。' },
  kongwang: { name: '空亡', phrase: '空亡が巡り縁が変化しやすい', present: '空亡の柱が示す領域では、執着を手放すと運が開けます。', absent: '空亡に当たる柱はありません。' },
} as const satisfies Record<StarKey, { name: string; phrase: string; present: string; absent: string }>;

export const KUIGANG_TEXTS = {
  name: '魁罡',
  meaning: '日柱が庚辰・庚戌・壬辰・戊戌のいずれかに当たる強い星で、聡明さと統率力を示します。',
  present: '決断力と指導力に優れ、大きな仕事を成し遂げる力があります。極端に走らない工夫が鍵です。',
  absent: '魁罡ではありません。',
} as const;

const PILLAR_DOMAINS = ['年柱（祖先・幼少期）', '月柱（家庭・社会）', '日柱（自身・配偶者）', '時柱（子供・晩年）'] as const;
/** Which reference branch found a 桃花/華蓋 hit: 1 = year branch, 2 = day branch, 3 = both. */
const REFERENCE_NOTES = ['', '（年支から）', '（日支から）', '（年支・日支から）'] as const;

/** Location meanings, composed once at load: [star][pillar][reference 0..3]. */
const locationMeanings = {} as Record<StarKey, readonly (readonly string[])[]>;
for (const star of Object.keys(STAR_TEXTS) as StarKey[]) {
  locationMeanings[star] = PILLAR_DOMAINS.map((domain) => REFERENCE_NOTES.map((note) => `${domain}に${STAR_TEXTS[star].phrase}${note}`));
}
export const STAR_LOCATION_MEANINGS: Readonly<Record<StarKey, readonly (readonly string[])[]>> = locationMeanings;
