/**
 * A timeline search's request and `result` (REST `POST /v1/timeline`, the MCP tool `timeline_search`,
 * GraphQL `timeline` as JSON): docs/timeline.md.
 */
import { z } from 'zod';
import type { JsonSchema } from '../../domain/chart/request-contract.ts';
import { LANGS } from '../../domain/catalogue/lang.ts';
import {
  MAX_CONDITIONS,
  MAX_DEPTH,
  NATAL_POSITIONS,
  RELATION_NAMES,
  TEN_GOD_GROUP_NAMES,
  TEN_GOD_NAMES,
} from '../../domain/timeline/query.ts';
import { DEFAULT_MATCHES, MAX_MATCHES, MAX_SCANNED_PERIODS, TIMELINE_LEVELS } from '../../domain/timeline/timeline.ts';
import type { TimelineResultJson } from '../present/timeline-json.ts';
import { asWritten, componentRef, inPlace, shape } from './shape.ts';

const DATE = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const INSTANT_TEXT = 'ISO 8601 with the chart zone’s offset, to the second';

export const TIMELINE_WHY_SHAPE = shape('TimelineWhy', 'One condition that held for the period (a `not` adds none)', {
  condition: asWritten<string>({
    type: 'string',
    enum: ['ten_god', 'relation', 'void', 'star', 'ganzhi', 'stem', 'branch'],
    description: 'The kind of condition that held',
  }),
  of: z.enum(['stem', 'branch']).optional().meta({ description: 'ten_god: the part of the period’s pillar' }),
  code: z
    .string()
    .optional()
    .meta({ description: 'ten_god: the ten god’s code (`shishen.zheng_cai`); relation: the relation code (`chu`, `fukugin`, …)' }),
  name: z.string().optional().meta({ description: 'The ten god, relation or star in the answer’s language' }),
  with: z.enum(NATAL_POSITIONS).optional().meta({ description: 'relation: the natal pillar it is formed with' }),
  branch: z.string().optional().meta({ description: 'void: the period’s branch, one of the natal day pillar’s 空亡' }),
  value: z.string().optional().meta({ description: 'ganzhi, stem, branch: what the period has' }),
});

export const TIMELINE_MATCH_SHAPE = shape(
  'TimelineMatch',
  'One period the condition held for: the luck section’s own fields for it, and why',
  {
    index: z.int().optional().meta({ description: 'major: the 大運’s index (1 for the first)' }),
    year: z.int().optional().meta({ description: 'annual and monthly: the pillar year (立春 to 立春)' }),
    term: z.string().optional().meta({ description: 'monthly: the 節 that opens it, in the answer’s language' }),
    date: z.string().optional().meta({ description: 'daily: the civil date, YYYY-MM-DD' }),
    ganzhi: componentRef('Ganzhi').meta({ description: 'The period’s pillar' }),
    stem_ten_god: componentRef('TenGod').meta({ description: 'The ten god of its stem against the natal day stem' }),
    branch_ten_god: componentRef('TenGod').meta({ description: 'The ten god of its branch’s 本気 against the natal day stem' }),
    is_void: z.boolean().meta({ description: 'The branch is one of the natal day pillar’s 空亡 (天中殺)' }),
    starts_at: z.string().meta({ description: `Its start (交運, 立春, 節入り or midnight): ${INSTANT_TEXT}` }),
    ends_at: z.string().meta({ description: `Its end (exclusive): ${INSTANT_TEXT}` }),
    why: z.array(inPlace(TIMELINE_WHY_SHAPE)).meta({ description: 'Each condition that held (empty without `where`)' }),
  },
);

export const TIMELINE_RESULT_SHAPE = shape(
  'TimelineResult',
  'The periods of one level that match the search, in order, up to its limit',
  {
    level: asWritten<string>({ type: 'string', enum: [...TIMELINE_LEVELS], description: 'The level searched' }),
    from: asWritten<string>({ ...DATE, description: 'The first civil date searched (the default: the birth date)' }),
    to: asWritten<string>({ ...DATE, description: 'The last civil date searched (the default: a hundred years on, at most 2100-12-31)' }),
    scanned: z.int().meta({ description: `Periods read to find the matches (at most ${MAX_SCANNED_PERIODS})` }),
    matches: z.array(inPlace(TIMELINE_MATCH_SHAPE)).meta({ description: 'The matching periods, in order' }),
    next_after: z.string().nullable().meta({
      description: 'When `limit` matches were found: the last one’s `starts_at`, to pass as `after` for the next ones; else null',
    }),
  },
  { component: true },
);

type Declared = z.infer<typeof TIMELINE_RESULT_SHAPE.object>;
const sameMembers: [keyof Declared] extends [keyof TimelineResultJson]
  ? [keyof TimelineResultJson] extends [keyof Declared]
    ? true
    : false
  : false = true;
void sameMembers;

/** The condition grammar, once: the request body's `where` and the MCP tool's. */
export const TIMELINE_CONDITION_TEXT =
  'A condition: one object naming one kind — {"ten_god": name or list, "of": "stem" (default) | "branch" | "either"}; ' +
  '{"relation": code or list, "with": "year" | "month" | "day" | "hour" | "any" (default)}; {"void": true} (天中殺); {"star": code or list}; ' +
  '{"ganzhi": "甲子"}; {"stem": "甲"}; {"branch": "子"}; {"all": [conditions]}; {"any": [conditions]}; {"not": condition}. ' +
  `Ten gods: ${TEN_GOD_NAMES.join(', ')}, or a pair: ${TEN_GOD_GROUP_NAMES.join(', ')}. Relations: ${RELATION_NAMES.join(', ')}. ` +
  `At most ${MAX_CONDITIONS} conditions, ${MAX_DEPTH} deep. docs/timeline.md`;

/** The request body (REST) and, with `birth` as the chart tool's arguments, the MCP tool's input. */
export function timelineRequestSchema(birth: JsonSchema): JsonSchema {
  return {
    type: 'object',
    description: 'A birth, a level, a range and a condition. Any other member is refused (400), but `api_key`, which is ignored.',
    required: ['birth', 'level'],
    properties: {
      birth,
      level: {
        enum: [...TIMELINE_LEVELS],
        description: 'major 大運 (needs birth.gender and a birth time), annual 歳運, monthly 月運, daily 日運',
      },
      from: { ...DATE, description: 'First civil date searched, in the chart’s zone (default: the birth date)' },
      to: { ...DATE, description: 'Last civil date searched (default: a hundred years on, at most 2100-12-31)' },
      after: {
        type: 'string',
        description: 'Only periods that start after this instant: a match’s starts_at or next_after (“the next N”)',
      },
      limit: { type: 'integer', minimum: 1, maximum: MAX_MATCHES, default: DEFAULT_MATCHES, description: 'At most this many matches' },
      where: { type: 'object', description: `${TIMELINE_CONDITION_TEXT} Absent: every period.` },
      lang: { enum: [...LANGS], description: 'The language of the names in the answer (default ja)' },
    },
  };
}
