/**
 * `Mutation.compatibility`: two births compared by our documented 相性 rule, charged
 * once (its configured price) through the one paid-operation pipeline, never on an
 * error. The answer carries the credit fields of every paid answer and, beside them, the score, its
 * level and every scored item.
 */
import { compatibilityEnvelope, type VariantBEnvelope } from '../../wire/envelope.ts';
import type { AnswerVersion } from '../../wire/answer-version.ts';
import { compatibilityVersionOf } from '../../wire/operations/compatibility.ts';
import { AnswerVersionType } from './answer-version.ts';
import {
  compatibilityResultJson,
  type CompatibilityChartJson,
  type CompatibilityResultJson,
} from '../../application/operations/compatibility.ts';
import { OPERATIONS } from '../../application/operations/index.ts';
import { COMPATIBILITY_LEVELS, type CompatibilityItem } from '../../domain/compatibility/compatibility.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import { COMPATIBILITY_CHART_SHAPE } from '../../wire/shapes/compatibility-chart.ts';
import { COMPATIBILITY_ITEM_SHAPE } from '../../wire/shapes/compatibility-item.ts';
import { priceToken } from './price-token.ts';
import { credentialsOf, resolveOutcome } from '../resolve.ts';
import { CalculateInputType, ChargedResponseType, LanguageType } from './calculate.ts';
import { birthOrSubject } from './timeline.ts';

const CompatibilityChartType = objectTypeOf<CompatibilityChartJson>(COMPATIBILITY_CHART_SHAPE);

const CompatibilityItemType = objectTypeOf<CompatibilityItem>(COMPATIBILITY_ITEM_SHAPE);

type CompatibilityEnvelope = VariantBEnvelope<CompatibilityResultJson & { readonly version: AnswerVersion }>;

const CompatibilityResponseType = builder.objectRef<CompatibilityEnvelope>('CompatibilityResponse').implement({
  description: 'A compatibility diagnosis and what it cost.',
  interfaces: [ChargedResponseType],
  fields: (t) => ({
    a: t.field({ type: CompatibilityChartType, description: 'The first chart.', resolve: (e) => e.result.a }),
    b: t.field({ type: CompatibilityChartType, description: 'The second chart.', resolve: (e) => e.result.b }),
    score: t.int({ description: '0–100: 50 plus the items’ points, rounded half up and clamped.', resolve: (e) => e.result.score }),
    level: t.string({
      description: `The score’s level in the answer’s language; in Japanese ${COMPATIBILITY_LEVELS.map((band) => `${band.level} (≥ ${band.from})`).join(', ')}.`,
      resolve: (e) => e.result.level,
    }),
    rawScore: t.float({
      description: '50 plus the items’ points before rounding and clamping (may exceed 100).',
      resolve: (e) => e.result.raw_score,
    }),
    pillarsCompared: t.int({
      description: '4, or 3 when either birth time is unknown (the hour pillars then count for neither chart).',
      resolve: (e) => e.result.pillars_compared,
    }),
    items: t.field({
      type: [CompatibilityItemType],
      description: 'Every scored item, in the order of the rule.',
      resolve: (e) => e.result.items,
    }),
    version: t.field({
      type: AnswerVersionType,
      description:
        'Which engine, ephemeris and rules made this comparison; `rules` covers both births’ settings, `a` then `b` (REST: the `X-…-Digest` headers).',
      resolve: (e) => e.result.version,
    }),
  }),
});

builder.mutationField('compatibility', (t) =>
  t.field({
    type: CompatibilityResponseType,
    nullable: true,
    description:
      '相性: compare two births (day stems both ways as 通変星, with both genders the spouse stars, day-, year- and year–day branch relations, 天地徳合 / 天剋地冲, 五行 complement, 空亡) ' +
      `and charge once (${priceToken('compatibility')} credits; enterprise 0). A birth without a time is compared on three pillars. ` +
      'Errors carry `extensions.code` like `calculate`, with issue paths under `a` / `b`; no error charges.',
    args: {
      a: t.arg({ type: CalculateInputType, description: 'The first birth; or `aSubjectId`.' }),
      b: t.arg({ type: CalculateInputType, description: 'The second birth; or `bSubjectId`.' }),
      aSubjectId: t.arg.string({ description: 'A saved subject in place of `a` (`sub_…`; docs/subjects.md).' }),
      bSubjectId: t.arg.string({ description: 'A saved subject in place of `b`.' }),
      lang: t.arg({ type: LanguageType, description: 'The language of the level and the explanations (default `ja`).' }),
      idempotencyKey: t.arg.string({
        description:
          'Retry key: the same key and births within 24 h replay the first answer without charging; other births → IDEMPOTENCY_CONFLICT.',
      }),
    },
    resolve: (_root, args, context) =>
      resolveOutcome(context, () =>
        context.services.paid.run(
          OPERATIONS.compatibility,
          {
            a: birthOrSubject(args.a as Record<string, unknown> | null | undefined, args.aSubjectId),
            b: birthOrSubject(args.b as Record<string, unknown> | null | undefined, args.bSubjectId),
            ...(args.lang == null ? {} : { lang: args.lang }),
          },
          { credentials: credentialsOf(context), idempotencyKey: args.idempotencyKey, identity: context.identity },
          (cast) => ({ ...compatibilityResultJson(cast), version: compatibilityVersionOf(cast) }),
        ),
      ).then(({ result, receipt }) => compatibilityEnvelope(result, receipt)),
  }),
);
