/**
 * `Mutation.timeline`: a chart's luck periods (大運, 歳運, 月運, 日運) searched by a structured
 * condition (docs/timeline.md), charged once (its configured price) through the one paid-operation
 * pipeline, never on an error. The birth is `calculate`'s input; the condition, recursive, is one
 * JSON value of its own scalar (`TimelineCondition`), read and refused member by member as on REST.
 */
import { GraphQLScalarType } from 'graphql';
import { timelineOperation } from '../../application/operations/timeline.ts';
import { TIMELINE_LEVELS } from '../../domain/timeline/timeline.ts';
import { variantBEnvelope, type VariantBEnvelope } from '../../wire/envelope.ts';
import { timelineResultJson, type TimelineResultJson } from '../../wire/present/timeline-json.ts';
import { TIMELINE_RESULT_SHAPE } from '../../wire/shapes/timeline.ts';
import { builder } from '../builder.ts';
import { credentialsOf, resolveOutcome } from '../resolve.ts';
import { objectTypeOf } from '../shapes.ts';
import { CalculateInputType, ChargedResponseType, LanguageType, toSpecFields } from './calculate.ts';
import { priceToken } from './price-token.ts';

/**
 * A birth argument, or a saved subject's id in its place (`{"subject_id": …}`, read by the paid
 * pipeline). Both given: the birth's fields beside the id, which the pipeline refuses, naming them;
 * neither: no birth, which the operation refuses.
 */
export function birthOrSubject(birth: Record<string, unknown> | null | undefined, subjectId: string | null | undefined): unknown {
  if (subjectId == null) return birth == null ? undefined : toSpecFields(birth);
  return birth == null ? { subject_id: subjectId } : { ...toSpecFields(birth), subject_id: subjectId };
}

const TimelineResultType = objectTypeOf<TimelineResultJson>(TIMELINE_RESULT_SHAPE);

export const TimelineLevelType = builder.enumType('TimelineLevel', {
  description: 'The luck level searched.',
  values: Object.fromEntries(
    TIMELINE_LEVELS.map((level) => [
      level.toUpperCase(),
      { value: level, description: { major: '大運', annual: '歳運', monthly: '月運', daily: '日運' }[level] },
    ]),
  ),
});

export const TimelineConditionType = builder.addScalarType(
  'TimelineCondition' as never,
  new GraphQLScalarType({
    name: 'TimelineCondition',
    description:
      'A condition as JSON, as REST’s `where`: {"ten_god": …, "of": …}, {"relation": …, "with": …}, {"void": true}, {"star": …}, {"ganzhi"|"stem"|"branch": …}, {"all"|"any": […]}, {"not": …} (docs/timeline.md).',
    serialize: (value) => value,
    parseValue: (value) => value,
  }),
);

const TimelineResponseType = builder.objectRef<VariantBEnvelope<TimelineResultJson>>('TimelineResponse').implement({
  description: 'A timeline search and what it cost.',
  interfaces: [ChargedResponseType],
  fields: (t) => ({
    result: t.field({ type: TimelineResultType, description: 'The matching periods, as REST’s `result`.', resolve: (e) => e.result }),
  }),
});

builder.mutationField('timeline', (t) =>
  t.field({
    type: TimelineResponseType,
    nullable: true,
    description:
      'Searches a chart’s luck periods (大運, 歳運, 月運, 日運) by a structured condition: ten gods, relations to a natal pillar, 伏吟・反吟, 天中殺, special stars, pillars, all / any / not (docs/timeline.md). ' +
      `Charges once (${priceToken('timeline')} credits; enterprise 0); a search that would scan too many periods is refused before any charge. ` +
      'Errors carry `extensions.code` like `calculate`, with issue paths as on REST (`birth.month`, `where.all[1].relation`); no error charges.',
    args: {
      birth: t.arg({ type: CalculateInputType, description: 'The birth (`gender` needed for MAJOR); or `subjectId`.' }),
      subjectId: t.arg.string({ description: 'A saved subject in place of `birth` (`sub_…`; docs/subjects.md).' }),
      level: t.arg({ type: TimelineLevelType, required: true, description: 'The level searched.' }),
      from: t.arg.string({ description: 'First civil date searched, YYYY-MM-DD (default: the birth date).' }),
      to: t.arg.string({ description: 'Last civil date searched, YYYY-MM-DD (default: a hundred years on, at most 2100-12-31).' }),
      after: t.arg.string({ description: 'Only periods that start after this instant: a match’s startsAt or nextAfter.' }),
      limit: t.arg.int({ description: 'At most this many matches (1–100, default 10).' }),
      where: t.arg({ type: TimelineConditionType as never, description: 'The condition; absent: every period.' }),
      lang: t.arg({ type: LanguageType, description: 'The language of the names (default `ja`).' }),
      idempotencyKey: t.arg.string({
        description:
          'Retry key: the same key and search within 24 h replay the first answer without charging; another search → IDEMPOTENCY_CONFLICT.',
      }),
    },
    resolve: (_root, args, context) =>
      resolveOutcome(context, () =>
        context.services.paid.run(
          timelineOperation,
          {
            birth: birthOrSubject(args.birth as Record<string, unknown> | null | undefined, args.subjectId),
            level: args.level,
            from: args.from,
            to: args.to,
            after: args.after,
            limit: args.limit,
            where: args.where,
            lang: args.lang,
          },
          { credentials: credentialsOf(context), idempotencyKey: args.idempotencyKey, identity: context.identity },
          timelineResultJson,
        ),
      ).then(({ result, receipt }) => variantBEnvelope(result, receipt)),
  }),
);
