/**
 * Every Korean text the analysis emits, in one place: the ten gods' keyword meanings as Korean
 * 사주명리 describes them (non-normative), the rest this service's own copy, in the short noun-ending
 * style (-음, -함) Korean saju apps use for traits and full sentences (합니다체) for descriptions.
 * Arrays are indexed like the Japanese ones: by pillar, strength level, day stem, ten god, ten-god
 * category, element, score band and 납음 index.
 */
import { LABELS, particle } from './labels.ts';

export const PILLAR_LABELS = ['연주', '월주', '일주', '시주'] as const;

/** Indexed by StrengthLevel (scores.ts). */
export const STRENGTH_LABELS = ['신강', '중화', '신약'] as const;
export const STRENGTH_TRAITS = [
  '스스로의 힘으로 길을 개척하는 에너지가 있음',
  '주위와 조화를 이루며 안정적으로 힘을 발휘할 수 있음',
  '주위의 도움을 살려 유연하게 대처할 수 있음',
] as const;

/** By day stem 甲..癸. */
// prettier-ignore
export const DAY_MASTER_TRAITS = [
  '큰 나무처럼 곧고 발전하려는 의지가 강함', '화초처럼 유연하고 협조적임',
  '태양처럼 밝고 개방적임', '등불처럼 섬세하고 정이 많음',
  '산처럼 듬직하고 포용력이 있음', '논밭처럼 남을 잘 돌보고 견실함',
  '강철처럼 의지가 굳고 결단력이 있음', '보석처럼 감성이 예리하고 미적 감각이 뛰어남',
  '큰 강처럼 도량이 넓고 활동적임', '비와 이슬처럼 사려 깊고 지적임',
] as const;

/** By ten god (비견 … 정인). */
// prettier-ignore
export const TEN_GOD_MEANINGS = [
  '자립·독립심', '경쟁심·협동과 쟁재', '표현·의식주·즐거움', '재기·예리함·비판 정신', '유동하는 재물·사교성',
  '견실한 재물·근면', '행동력·권위·압박', '규율·명예·책임', '독창·직관·학예', '학문·자애·명예',
] as const;
// prettier-ignore
export const TEN_GOD_TRAITS = [
  '신념을 굽히지 않고 자기 페이스를 지킴', '지기 싫어하고 동료를 소중히 여김', '여유롭고 인생을 즐길 줄 아는 재능',
  '머리 회전이 빠르고 감성이 예리함', '대인 관계가 원만하고 서비스 정신이 투철함', '성실하고 신용을 차곡차곡 쌓음',
  '어려움에 맞서는 행동력', '책임감이 강하고 예의 바름', '번뜩이는 영감이 풍부하고 개성적임', '지식욕이 강하고 배려심이 있음',
] as const;
/** What a chart that leans on each ten god tends to do (the end of `pattern_description`), as a clause before 명식 or 경향. */
const TEN_GOD_PATTERN_TAILS = [
  '독립독행하며 자신의 힘을 믿고 나아가는',
  '경쟁 속에서 힘을 키우고 동료와 결속하는',
  '재능을 즐기며 표현하고 풍요를 얻는',
  '예리한 감성과 재기로 새로운 것을 만들어 내는',
  '인맥과 기지로 재물과 기회를 움직이는',
  '근면함과 견실함으로 착실하게 재물을 쌓는',
  '역경에 강하고 행동력으로 길을 개척하는',
  '규율과 책임감으로 신뢰와 지위를 얻는',
  '독창성과 직관으로 전문성을 닦는',
  '배움과 주위의 후원이 따르는',
] as const;

/**
 * `pattern_description`, saying only what the counts show: "많아" for three or more of one ten god,
 * "두 개 있어" for a lone pair, the tied names for several pairs, and no leaning when all seven differ.
 * `tied` lists the ten gods (indices 비견 … 정인) sharing the top count, the dominant one first.
 */
export function tenGodPattern(tied: readonly number[], count: number): string {
  const [dominant] = tied;
  if (dominant === undefined || count <= 1) return '일곱 자리의 십성이 모두 달라 특정 십성에 치우치지 않는 명식입니다.';
  const name = LABELS.shishen[dominant]!;
  const subject = `${name}${particle(name, '이', '가')}`;
  if (count >= 3) return `${subject} 많아 ${TEN_GOD_PATTERN_TAILS[dominant]} 명식입니다.`;
  if (tied.length === 1) return `${subject} 두 개 있어 ${TEN_GOD_PATTERN_TAILS[dominant]} 경향이 있는 명식입니다.`;
  const names = tied.map((god) => LABELS.shishen[god]!).join('·');
  return `${names}${particle(names, '이', '가')} 각각 두 개씩 있어 한 가지 십성에 치우치지 않는 명식입니다.`;
}

/** By ten-god category (비겁 식상 재성 관성 인성). */
// prettier-ignore
export const SUITABLE_FIELDS = [
  ['독립·자영업', '스포츠', '컨설턴트'],
  ['창작', '요식·서비스', '교육·강사'],
  ['영업·무역', '금융', '경영·사업 운영'],
  ['공직·행정', '관리직', '법무·경찰'],
  ['연구·학술', '의료·복지', '집필·출판'],
] as const;
export const LEARNING_STYLE_BY_CATEGORY = ['체계적으로 쌓아 가는 배움', '실천과 표현을 통한 배움'] as const;
export const LITERARY_STAR_LEARNING = '문창귀인이 있어 시험과 자격증에 강함';

/** By element 목화토금수. */
// prettier-ignore
export const LEARNING_STYLE_BY_ELEMENT = [
  '관심을 넓혀 가며 성장함', '직관적으로 요점을 파악함', '차분히 반복하여 몸에 익힘',
  '논리를 차근차근 따져 이해함', '여러 방면에서 유연하게 흡수함',
] as const;
// prettier-ignore
export const RELATIONSHIP_BY_ELEMENT = [
  '상대의 성장을 응원하는 관계를 만듦', '열정적이고 솔직하게 애정을 표현함', '성실하고 안정된 관계를 선호함',
  '맺고 끊음을 중시하는 한결같음', '상대에게 맞추는 유연함',
] as const;
export const PEACH_BLOSSOM_RELATIONSHIP = '도화살이 있어 사람을 끌어당기는 매력이 있음';
export const SPOUSE_STARS_RELATIONSHIP = ['배우자 인연을 나타내는 재성·관성이 있음', '인연은 자연스러운 만남 속에서 자라남'] as const;
// prettier-ignore
export const MISSING_ELEMENT_TRAITS = [
  '목의 기운이 적어 뻗어 나가는 힘을 염두에 두면 좋음', '화의 기운이 적어 열정의 표현을 염두에 두면 좋음',
  '토의 기운이 적어 기반 다지기를 염두에 두면 좋음', '금의 기운이 적어 빠른 결단을 염두에 두면 좋음',
  '수의 기운이 적어 유연한 발상을 염두에 두면 좋음',
] as const;
export const ALL_ELEMENTS_PRESENT = '오행을 고루 갖춰 균형 감각이 뛰어남';

/** Wealth types: 0 식상생재, 1 정재, 2 편재, 3 재성 없음. */
// prettier-ignore
export const WEALTH_TYPES = [
  '식상생재형(재능과 기술을 수입으로 바꿈)', '정재형(착실하게 모음)',
  '편재형(기회를 잡아 움직임)', '기술신용형(재성은 적지만 실력과 신용으로 재물을 쌓음)',
] as const;
export const BALANCE_TYPES = ['편중형', '균형형', '표준형'] as const;

/** By score band (scores.ts scoreBandOf). */
export const SCORE_LEVELS = ['매우 높음', '높음', '보통', '다소 낮음', '낮음'] as const;
export const HARMONY_LEVELS = ['매우 양호', '양호', '보통', '다소 부조화', '부조화'] as const;
export const OVERALL_FORTUNE_DESCRIPTIONS = [
  '오행과 별의 흐름이 고르게 어우러져 지닌 힘을 마음껏 발휘하기 쉬운 명식입니다.',
  '전체적으로 안정된 운세로, 노력이 결실을 맺기 쉬운 명식입니다.',
  '장점과 과제가 적당히 섞여 있어 하기에 따라 크게 성장할 수 있는 명식입니다.',
  '치우침이 있는 만큼 잘하는 분야에 집중하면 힘을 발휘하기 쉬운 명식입니다.',
  '개성이 두드러지는 명식으로, 주위의 도움을 잘 빌리면 운이 열립니다.',
] as const;
// prettier-ignore
export const SHENSHA_ASSESSMENTS = [
  '길성의 복을 크게 받은 명식', '길성의 도움이 있는 명식', '길흉의 균형이 잡힌 명식',
  '신중함을 살리면 좋은 명식', '착실한 걸음이 개운의 열쇠인 명식',
] as const;

/** By 납음 index (해중금 … 대해수). */
// prettier-ignore
export const NAYIN_MEANINGS = [
  '바다 밑에 잠든 금. 감춰진 재능이 때를 만나 드러남', '화로 속의 불. 단련하는 힘과 열정을 지님', '큰 숲의 나무. 많은 사람을 감싸 기름',
  '길가의 흙. 사람을 떠받치는 우직함', '칼끝의 금. 예리한 판단력과 결단력', '산꼭대기의 불. 멀리까지 비추는 눈에 띄는 존재',
  '골짜기 시냇물. 맑고 섬세한 감성', '성벽의 흙. 굳건한 수비와 책임감', '백랍의 금. 갈고닦을수록 빛나는 자질',
  '버드나무. 유연하고 적응력이 있음', '샘 속의 물. 마르지 않는 지혜와 배려', '지붕 위의 흙. 사람을 지켜 주는 포용력',
  '벼락의 불. 순발력과 강한 영향력', '소나무와 잣나무. 역경에 지지 않는 인내', '길게 흐르는 물. 꾸준한 노력과 인맥',
  '모래 속의 금. 갈고닦으면 빛나는 실력', '산기슭의 불. 따뜻하고 온화한 인품', '평지의 나무. 솔직하고 사람들에게 사랑받음',
  '벽의 흙. 착실하게 일을 떠받침', '금박의 금. 화려함과 품격', '덮개 속의 등불. 가까운 사람을 비추는 따뜻함',
  '은하수의 물. 은혜를 베푸는 너그러움', '큰 역참의 흙. 사람과 물자가 모이는 그릇', '비녀와 팔찌의 금. 세련된 미적 감각',
  '뽕나무. 남에게 도움이 되는 실무 능력', '큰 계곡물. 기세와 행동력', '모래 속의 흙. 변화에 맞추는 유연함',
  '하늘의 불. 밝게 사람을 이끄는 힘', '석류나무. 결실이 많은 대기만성형', '큰 바다의 물. 넓은 시야와 도량',
] as const;

export const SECTION_DESCRIPTIONS = {
  tenGods: '일간을 기준으로 각 주의 천간과 맺는 관계를 십성으로 나타낸 것입니다.',
  nayin: '육십갑자마다 배정된 납음오행으로, 각 주의 상징과 서로의 조화를 보여 줍니다.',
  shensha: '일간·일주와 연지·일지를 기준으로 주요 신살의 유무를 판정한 것입니다.',
  shenshaSummary:
    '천을귀인·문창귀인·괴강살(길)과 공망(흉)의 출현으로 길흉의 경향을 점수화했습니다. 도화살과 화개살은 길흉 양면의 신살이므로 점수에 넣지 않았습니다.',
  enhancedSummary: '일간·신강신약·오행·십성·신살을 종합한 지표입니다. 각 점수는 0~100의 정수입니다.',
} as const;

/** Each star's texts, by its key (the shensha section's STAR_KEYS). */
type StarKey = 'tianyi_guiren' | 'wenchang_guiren' | 'taohua' | 'huagai' | 'kongwang';

// prettier-ignore
export const STAR_TEXTS = {
  tianyi_guiren: { name: '천을귀인', phrase: '귀인의 도움이 나타남', present: '어려울 때 윗사람이나 주위의 도움을 받기 쉬운 최고의 길성입니다.', absent: '천을귀인은 없습니다. 스스로 쌓은 신뢰가 도움이 됩니다.' },
  wenchang_guiren: { name: '문창귀인', phrase: '지성과 배움의 재능이 깃듦', present: '학문·시험·글쓰기에 강하고 지적인 분야에서 인정받기 쉽습니다.', absent: '문창귀인은 없습니다. 배움은 꾸준함으로 결실을 맺습니다.' },
  taohua: { name: '도화살', phrase: '사람을 끄는 매력이 드러남', present: '화려한 매력과 사교성이 있어 인기를 모읍니다. 이성 문제에는 주의가 필요하다고 보는 신살로, 길흉 양쪽으로 작용합니다.', absent: '도화살은 없습니다. 성실함으로 신뢰받는 인연을 키웁니다.' },
  huagai: { name: '화개살', phrase: '예술성과 정신성이 깃듦', present: '예술·종교·학문에 대한 감수성이 높고 자신만의 세계를 지닙니다. 홀로 고고해지기 쉬운 면도 있어 길흉 양쪽으로 작용합니다.', absent: '화개살은 없습니다. 현실적인 감각으로 일을 추진할 수 있습니다.' },
  kongwang: { name: '공망', phrase: '공망이 들어 인연이 변하기 쉬움', present: '공망이 든 주가 나타내는 영역에서는 집착을 내려놓으면 운이 열립니다.', absent: '공망에 해당하는 주는 없습니다.' },
} as const satisfies Record<StarKey, { name: string; phrase: string; present: string; absent: string }>;

export const KUIGANG_TEXTS = {
  name: '괴강살',
  meaning: '일주가 庚辰·庚戌·壬辰·戊戌 중 하나에 해당하는 강한 신살로, 총명함과 통솔력을 나타냅니다.',
  present: '결단력과 지도력이 뛰어나 큰일을 이루어 낼 힘이 있습니다. 극단으로 치닫지 않도록 하는 것이 관건입니다.',
  absent: '괴강살에 해당하지 않습니다.',
} as const;

const PILLAR_DOMAINS = ['연주(조상·유년기)', '월주(가정·사회)', '일주(자신·배우자)', '시주(자녀·말년)'] as const;
/** Which reference branch found a 도화살/화개살 hit: 1 = year branch, 2 = day branch, 3 = both. */
const REFERENCE_NOTES = ['', '(연지 기준)', '(일지 기준)', '(연지·일지 기준)'] as const;

/** Location meanings, composed once at load: [star][pillar][reference 0..3]. */
const locationMeanings = {} as Record<StarKey, readonly (readonly string[])[]>;
for (const star of Object.keys(STAR_TEXTS) as StarKey[]) {
  locationMeanings[star] = PILLAR_DOMAINS.map((domain) => REFERENCE_NOTES.map((note) => `${domain}에 ${STAR_TEXTS[star].phrase}${note}`));
}
export const STAR_LOCATION_MEANINGS: Readonly<Record<StarKey, readonly (readonly string[])[]>> = locationMeanings;
