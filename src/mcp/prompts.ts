/**
 * The MCP server's prompts: the common readings as ready-made requests to the model, each naming the
 * tools to call with the birth as arguments and what to say from their answers — 年運を読む (a year's
 * reading), 相性を見る (two births), and explaining a chart. Arguments are strings (MCP prompts take no
 * other type); the tools check them, so a bad date is the tool's refusal, naming the field.
 */
import { LANGS, LANGUAGE_NAMES, langOf } from '../domain/catalogue/lang.ts';

export interface McpPromptArgument {
  readonly name: string;
  readonly description: string;
  readonly required?: boolean;
}

export interface McpPrompt {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly arguments: readonly McpPromptArgument[];
  /** The user message, from the arguments (every required one given). */
  text(args: Readonly<Record<string, string>>): string;
}

const birthArguments = (prefix = '', who = 'the'): McpPromptArgument[] => [
  { name: `${prefix}date`, description: `${who} birth date, YYYY-MM-DD (Gregorian).`, required: true },
  { name: `${prefix}time`, description: `${who} birth time HH:MM, if known.` },
  { name: `${prefix}place`, description: `${who} birthplace (a city), or a longitude such as 139.69.` },
  { name: `${prefix}gender`, description: 'male or female (the 大運 need it).' },
];
const LANG_ARGUMENT: McpPromptArgument = { name: 'lang', description: `Language of the reading: ${LANGS.join(', ')} (default ja).` };

/**
 * The chart tools' birth arguments from a prompt's strings, as a JSON object to quote in the message;
 * `gender` only for a tool that takes it (the 大運 need it; chart_analysis refuses it).
 */
function birthJson(args: Readonly<Record<string, string>>, prefix = '', withGender = true): string {
  const date = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec((args[`${prefix}date`] ?? '').trim());
  const birth: Record<string, unknown> = date
    ? { year: Number(date[1]), month: Number(date[2]), day: Number(date[3]) }
    : { date: args[`${prefix}date`] ?? '' };
  const time = args[`${prefix}time`]?.trim();
  birth[time ? 'time' : 'time_unknown'] = time || true;
  const place = args[`${prefix}place`]?.trim();
  if (place) {
    if (/^-?\d+(\.\d+)?$/.test(place)) birth['location'] = Number(place);
    else birth['place'] = place;
  }
  const gender = args[`${prefix}gender`]?.trim().toLowerCase();
  if (gender && withGender) birth['gender'] = gender;
  return JSON.stringify(birth);
}

/** The reading's language: the argument's, else Japanese. */
const languageOf = (args: Readonly<Record<string, string>>): { readonly lang: string; readonly name: string } => {
  const lang = langOf(args['lang'] ?? 'ja') ?? 'ja';
  return { lang, name: LANGUAGE_NAMES[lang] };
};

const HONESTY =
  'Quote pillars, ten gods and relations from the answers as they are; do not compute any yourself. If a tool refuses an argument, ask for it. ' +
  'If the answer carries warnings (a 節 or an hour boundary near the birth time), say which pillars are uncertain.';

export const MCP_PROMPTS: readonly McpPrompt[] = [
  {
    name: 'year_reading',
    title: '年運を読む — a year’s reading',
    description: 'The 歳運 and 月運 of a year for a birth, with the 大運 in force.',
    arguments: [...birthArguments(), { name: 'year', description: 'The year to read, e.g. 2026.', required: true }, LANG_ARGUMENT],
    text: (args) => {
      const { lang, name } = languageOf(args);
      return (
        `Give a 年運 reading of ${args['year']} for this birth, in ${name}. ` +
        `Call chart_luck with ${birthJson(args).slice(0, -1)},"luck_year":${Number(args['year'])},"lang":"${lang}"}. ` +
        'From its answer: the year pillar (歳運) and its ten god and 十二運 for the day master, its relations to the birth chart, ' +
        'the 大運 in force if given, then month by month (月運) what stands out. ' +
        HONESTY
      );
    },
  },
  {
    name: 'compatibility_reading',
    title: '相性を見る — compatibility',
    description: 'The 相性 of two births, item by item.',
    arguments: [...birthArguments('a_', 'First person’s'), ...birthArguments('b_', 'Second person’s'), LANG_ARGUMENT],
    text: (args) => {
      const { lang, name } = languageOf(args);
      return (
        `Read the compatibility (相性) of two people, in ${name}. ` +
        `Call compatibility with {"a":${birthJson(args, 'a_')},"b":${birthJson(args, 'b_')},"lang":"${lang}"}. ` +
        'Report the score and its level, then each scored item with its points and explanation, strongest first. ' +
        HONESTY
      );
    },
  },
  {
    name: 'explain_chart',
    title: 'Explain this chart — 命式の解説',
    description: 'The four pillars, the day master’s strength, the 格局 and the 用神, with the evidence and how sure each is.',
    arguments: [...birthArguments(), LANG_ARGUMENT],
    text: (args) => {
      const { lang, name } = languageOf(args);
      const withLang = (birth: string): string => `${birth.slice(0, -1)},"lang":"${lang}"}`;
      const chart = withLang(birthJson(args));
      return (
        `Explain this birth chart (命式) in ${name} for someone new to 四柱推命. ` +
        `Call calculate_chart with ${chart.slice(0, -1)},"include":["relations","special_stars","warnings"]} ` +
        `and chart_analysis with ${withLang(birthJson(args, '', false))}. ` +
        'Explain the four pillars and the day master, the five elements, the strength (旺衰) with the methods’ agreement, the 格局 and 用神 ' +
        'with their confidence, and the notable relations and stars. ' +
        HONESTY
      );
    },
  },
];
