/**
 * Every English text the analysis emits (docs/scores.md: all texts come from one catalogue), in the
 * terms of English Bazi texts (Day Master, Ten Gods, Na Yin, Symbolic Stars). The ten gods' keywords
 * are the common descriptions (non-normative); the rest is this service's own copy. Arrays are
 * indexed like the calendar tables they describe (ten gods, their categories, stems, elements, Na Yin)
 * or by score band.
 */
import { LABELS, listText } from './labels.ts';

export const PILLAR_LABELS = ['Year Pillar', 'Month Pillar', 'Day Pillar', 'Hour Pillar'] as const;

/** Indexed by StrengthLevel (scores.ts). */
export const STRENGTH_LABELS = ['Strong', 'Balanced', 'Weak'] as const;
export const STRENGTH_TRAITS = [
  'Has the energy to carve out a path by their own strength',
  'Works steadily and brings out their strengths in harmony with others',
  'Makes good use of the support around them and adapts with ease',
] as const;

/** By day stem 甲..癸. */
// prettier-ignore
export const DAY_MASTER_TRAITS = [
  'Upright and eager to grow, like a great tree', 'Supple and cooperative, like grass and flowers',
  'Bright and open, like the sun', 'Sensitive and warm-hearted, like a lamp flame',
  'Steady and accommodating, like a mountain', 'Caring and dependable, like fertile fields',
  'Strong-willed and decisive, like steel', 'Perceptive, with a refined sense of beauty, like a jewel',
  'Generous and active, like a great river', 'Thoughtful and intelligent, like rain and dew',
] as const;

/** By ten god (Companion … Direct Resource). */
// prettier-ignore
export const TEN_GOD_MEANINGS = [
  'Self-reliance, independence', 'Competitiveness, solidarity, rivalry over wealth', 'Expression, food and comfort, enjoyment',
  'Talent, sharpness, critical spirit', 'Circulating wealth, sociability', 'Steady wealth, diligence',
  'Drive, authority, pressure', 'Discipline, reputation, responsibility', 'Originality, intuition, arts and scholarship',
  'Learning, compassion, honour',
] as const;
// prettier-ignore
export const TEN_GOD_TRAITS = [
  'Holds to their convictions and goes at their own pace', 'Hates to lose and stands by their friends',
  'Easy-going, with a gift for enjoying life', 'Quick-witted, with sharp sensibilities',
  'Good with people and eager to be of service', 'Earnest, building trust step by step',
  'Has the drive to face adversity head-on', 'Responsible and courteous',
  'Full of inspiration and individuality', 'Eager to learn and considerate of others',
] as const;
/** What a chart that leans on each ten god tends to do (the end of `pattern_description`). */
const TEN_GOD_PATTERN_TAILS = [
  'goes their own way, relying on their own strength',
  'grows through competition and stands together with their peers',
  'enjoys expressing their talents and finds abundance through them',
  'creates new things with keen sensibility and flair',
  'moves money and opportunities through connections and quick wits',
  'builds wealth steadily through diligence and prudence',
  'is strong in adversity and forges ahead through action',
  'earns trust and standing through discipline and responsibility',
  'hones specialist skills through originality and intuition',
  'is blessed with learning and with the support of others',
] as const;

/**
 * `pattern_description`, saying only what the counts show: "prominent" for three or more of one ten
 * god, "twice" for a lone pair, the tied names for several pairs, and no leaning when all differ.
 * `tied` lists the ten gods (indices) sharing the top count, the dominant one first.
 */
export function tenGodPattern(tied: readonly number[], count: number): string {
  const [dominant] = tied;
  if (dominant === undefined || count <= 1) return 'The Ten Gods in the seven positions all differ: the chart leans on no particular star.';
  const name = LABELS.shishen[dominant]!;
  if (count >= 3) return `${name} is prominent: the chart of someone who ${TEN_GOD_PATTERN_TAILS[dominant]!}.`;
  if (tied.length === 1) return `${name} appears twice: the chart suggests someone who ${TEN_GOD_PATTERN_TAILS[dominant]!}.`;
  return `${listText(tied.map((god) => LABELS.shishen[god]!))} each appear twice: the chart leans on no single star.`;
}

/** By ten-god category (Companions, Output, Wealth, Power, Resource). */
// prettier-ignore
export const SUITABLE_FIELDS = [
  ['Self-employment and independent business', 'Sports', 'Consulting'],
  ['Creative work', 'Food and hospitality', 'Teaching and lecturing'],
  ['Sales and trading', 'Finance', 'Business management'],
  ['Public service and administration', 'Managerial roles', 'Law and policing'],
  ['Research and academia', 'Medicine and social care', 'Writing and publishing'],
] as const;
export const LEARNING_STYLE_BY_CATEGORY = [
  'Learns by building knowledge up systematically',
  'Learns through practice and expression',
] as const;
export const LITERARY_STAR_LEARNING = 'Has the Academic Star: does well in exams and qualifications';

/** By element Wood, Fire, Earth, Metal, Water. */
// prettier-ignore
export const LEARNING_STYLE_BY_ELEMENT = [
  'Grows by following a widening range of interests', 'Grasps the essentials intuitively', 'Masters things through patient repetition',
  'Understands by following the logic step by step', 'Absorbs flexibly from many directions',
] as const;
// prettier-ignore
export const RELATIONSHIP_BY_ELEMENT = [
  "Builds relationships that support the partner's growth", 'Passionate and open in showing affection',
  'Prefers sincere, stable relationships', 'Single-minded devotion with clear principles', 'Adapts flexibly to a partner',
] as const;
export const PEACH_BLOSSOM_RELATIONSHIP = 'Has Peach Blossom: a charm that draws people in';
export const SPOUSE_STARS_RELATIONSHIP = [
  'Has Wealth or Power stars, which point to partnership ties',
  'Ties grow out of natural encounters',
] as const;
// prettier-ignore
export const MISSING_ELEMENT_TRAITS = [
  'Lacks Wood qi: it helps to give yourself room to grow', 'Lacks Fire qi: it helps to let your passion show',
  'Lacks Earth qi: it helps to build a firm footing', 'Lacks Metal qi: it helps to make decisions promptly',
  'Lacks Water qi: it helps to keep your thinking flexible',
] as const;
export const ALL_ELEMENTS_PRESENT = 'All Five Elements are present: a fine sense of balance';

/** Wealth types: 0 Output generates Wealth, 1 Direct Wealth, 2 Indirect Wealth, 3 no Wealth star. */
// prettier-ignore
export const WEALTH_TYPES = [
  'Output-generates-Wealth type (turns talent and skill into income)', 'Direct Wealth type (saves steadily)',
  'Indirect Wealth type (seizes opportunities and keeps money moving)',
  'Skill-and-trust type (Wealth stars in the background; builds wealth on ability and reputation)',
] as const;
export const BALANCE_TYPES = ['Concentrated', 'Balanced', 'Standard'] as const;

/** By score band (scores.ts scoreBandOf). */
export const SCORE_LEVELS = ['Very high', 'High', 'Average', 'Somewhat low', 'Low'] as const;
export const HARMONY_LEVELS = ['Very harmonious', 'Harmonious', 'Neutral', 'Somewhat discordant', 'Discordant'] as const;
export const OVERALL_FORTUNE_DESCRIPTIONS = [
  'The elements and stars are well aligned: a chart in which you can bring your abilities fully to bear.',
  'A stable fortune overall: a chart in which effort readily bears fruit.',
  'Strengths and challenges are evenly mixed: a chart that can grow a great deal with some ingenuity.',
  'The chart leans one way, so it shows its strength best when you focus on what you do well.',
  'A chart with a distinctive character: drawing skilfully on the help of others opens up your fortune.',
] as const;
// prettier-ignore
export const SHENSHA_ASSESSMENTS = [
  'A chart richly blessed with auspicious stars', 'A chart helped by auspicious stars',
  'A chart with auspicious and inauspicious stars in balance', 'A chart that gains from prudence',
  'A chart in which steady steps are the key to good fortune',
] as const;

/** By Na Yin index (the 30 pairs of the sexagenary cycle). */
// prettier-ignore
export const NAYIN_MEANINGS = [
  'Gold asleep beneath the sea: hidden talent that emerges when its time comes', 'Fire in the furnace: the power to forge, and passion',
  'The trees of a great forest: sheltering and nurturing many', 'Earth by the roadside: honest support for others',
  "Metal of a sword's edge: sharp judgement and decisiveness", 'Fire on the mountain top: a prominent presence that shines far',
  'Water of a ravine stream: pure, delicate sensibility', 'Earth of the city wall: strong defences and a sense of duty',
  'White-wax metal: a gift that shines the more it is polished', 'Willow wood: supple and adaptable',
  'Water of a well spring: inexhaustible wisdom and kindness', 'Earth on the roof: the generosity to shelter others',
  'Fire of the thunderbolt: quick reactions and strong influence', 'Pine and cypress trees: endurance that does not yield to adversity',
  'Long-flowing water: lasting effort and a wide network', 'Gold in the sand: real ability that shines once polished',
  'Fire at the foot of the mountain: a warm, gentle character', 'Trees on the plain: straightforward and well liked',
  'Earth of the wall: solid support for whatever rests on it', 'Gold foil: brilliance and dignity',
  'A covered lamp: warmth that lights those close by', 'Water of the Milky Way: a generous nature that bestows blessings',
  'Earth of the great post road: a hub where people and goods gather', 'Hairpins and bracelets: a refined sense of beauty',
  'Mulberry wood: practical skills that serve others', 'Water of a great stream: momentum and drive',
  'Earth in the sand: flexibility that adapts to change', 'Fire in the sky: bright, with the power to lead others',
  'Pomegranate wood: a late bloomer with a rich harvest', 'Water of the great sea: a broad outlook and generosity',
] as const;

export const SECTION_DESCRIPTIONS = {
  tenGods: "Each pillar's Heavenly Stem in relation to the Day Master, expressed as one of the Ten Gods.",
  nayin:
    'The Na Yin element assigned to each of the sixty stem-branch pairs, showing the imagery of each pillar and how the pillars harmonise.',
  shensha:
    'Whether the main Symbolic Stars (Shen Sha) are present, judged from the Day Stem, the Day Pillar, and the Year and Day Branches.',
  shenshaSummary:
    'A score for the leaning towards good or ill fortune, from the Nobleman Star, the Academic Star and Kui Gang (auspicious) and the Void (inauspicious). ' +
    'Peach Blossom and the Canopy Star cut both ways and are not scored.',
  enhancedSummary:
    'Indicators combining the Day Master, its strength, the Five Elements, the Ten Gods and the Symbolic Stars. Each score is an integer from 0 to 100.',
} as const;

/** Each star's texts, by its key (the shensha section's STAR_KEYS). */
type StarKey = 'tianyi_guiren' | 'wenchang_guiren' | 'taohua' | 'huagai' | 'kongwang';

// prettier-ignore
export const STAR_TEXTS = {
  tianyi_guiren: { name: 'Nobleman Star', phrase: 'benefactors appear to help', present: 'The most auspicious of stars: in hard times, help from superiors and those around you comes readily.', absent: 'No Nobleman Star. The trust you build on your own becomes your help.' },
  wenchang_guiren: { name: 'Academic Star', phrase: 'a gift for intellect and learning', present: 'Strong in study, exams and writing; recognition comes readily in intellectual fields.', absent: 'No Academic Star. Learning bears fruit through persistence.' },
  taohua: { name: 'Peach Blossom', phrase: 'a charm that draws people in', present: 'Brings glamour and sociability that win popularity. A star said to call for care in romantic entanglements: it works for good and ill alike.', absent: 'No Peach Blossom. Sincerity grows ties built on trust.' },
  huagai: { name: 'Canopy Star', phrase: 'artistic and spiritual depth', present: 'Highly receptive to art, religion and scholarship, with a world of your own. It can also make for aloofness: it works for good and ill alike.', absent: 'No Canopy Star. You handle things with a practical, down-to-earth sense.' },
  kongwang: { name: 'Void', phrase: 'the Void falls here, and ties change easily', present: 'In the areas the Void pillars stand for, letting go of attachments opens up your fortune.', absent: 'No pillar falls in the Void.' },
} as const satisfies Record<StarKey, { name: string; phrase: string; present: string; absent: string }>;

export const KUIGANG_TEXTS = {
  name: 'Kui Gang',
  meaning: 'A powerful star, present when the Day Pillar is 庚辰, 庚戌, 壬辰 or 戊戌, showing intelligence and leadership.',
  present: 'Excels in decisiveness and leadership, with the strength to achieve great things. The key is not to go to extremes.',
  absent: 'The Day Pillar is not Kui Gang.',
} as const;

// prettier-ignore
const PILLAR_DOMAINS = ['Year Pillar (ancestors, childhood)', 'Month Pillar (family, society)', 'Day Pillar (self, spouse)', 'Hour Pillar (children, later life)'] as const;
/** Which reference branch found a Peach Blossom / Canopy hit: 1 = year branch, 2 = day branch, 3 = both. */
const REFERENCE_NOTES = ['', ', read from the Year Branch', ', read from the Day Branch', ', read from the Year and Day Branches'] as const;

/** Location meanings, composed once at load: [star][pillar][reference 0..3]. */
const locationMeanings = {} as Record<StarKey, readonly (readonly string[])[]>;
for (const star of Object.keys(STAR_TEXTS) as StarKey[]) {
  locationMeanings[star] = PILLAR_DOMAINS.map((domain) => REFERENCE_NOTES.map((note) => `${domain}: ${STAR_TEXTS[star].phrase}${note}`));
}
export const STAR_LOCATION_MEANINGS: Readonly<Record<StarKey, readonly (readonly string[])[]>> = locationMeanings;
