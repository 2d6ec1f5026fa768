/**
 * `ChartResult.version` (both variants): which engine, ephemeris and rules made the chart, as REST's
 * `X-Engine-Version`, `X-Ephemeris-Digest` and `X-Rules-Digest` carry it (wire/answer-version.ts).
 * Computed only when selected.
 */
import { answerVersionOf, type AnswerVersion } from '../../wire/answer-version.ts';
import { builder } from '../builder.ts';
import { ChartResultType } from './chart-result.ts';

export const AnswerVersionType = builder.objectRef<AnswerVersion>('AnswerVersion').implement({
  description:
    'What made an answer: two answers with the same three values were made alike; after an upgrade, a changed digest says which part moved (GET /v1/versions lists what changed).',
  fields: (t) => ({
    engine: t.exposeString('engine', { description: 'The engine (package) version.' }),
    ephemeris: t.exposeString('ephemeris', {
      description: '`sha256:` and 16 hex digits over the solar-term, new-moon and equation-of-time tables.',
    }),
    rules: t.exposeString('rules', {
      description:
        '`sha256:` and 16 hex digits over the rule tables and the input’s settings that change results (solarTime, dayBoundary, zokanTable, zokanCount, hemisphere when SOUTH, the luck method; of both births for a comparison); the `specialStars` arguments are not in it (their defaults are).',
    }),
  }),
});

builder.interfaceFields(ChartResultType, (t) => ({
  version: t.field({
    type: AnswerVersionType,
    description:
      'Which engine, ephemeris and rules made this chart (REST: the `X-Engine-Version`, `X-Ephemeris-Digest`, `X-Rules-Digest` headers).',
    resolve: ({ core }) => answerVersionOf(core.request),
  }),
}));
