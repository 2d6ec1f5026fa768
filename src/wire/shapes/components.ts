/**
 * Every component schema of the wire format, what /openapi.json (`components.schemas`) and the MCP
 * tools (`$defs`) share: the request bodies (from the request contract), the error body, the atoms,
 * then the answers' component shapes and the sections' schemas, in this order.
 */
import { once } from '../../application/registry.ts';
import type { JsonSchema, RequestField } from '../../domain/chart/request-contract.ts';
import { chartSections } from '../chart-sections.ts';
import { CHART_ALTERNATIVES_SCHEMA } from '../sections/alternatives/shape.ts';
import { CONVENTION_DIFFERENCES_SCHEMA } from '../sections/convention-differences/shape.ts';
import { LUCK_START_AGE_SHAPE } from '../sections/luck/shape.ts';
import { RELATION_SHAPE, RELATIONS_SCHEMA } from '../sections/relations/shape.ts';
import { SPECIAL_STARS_SCHEMA } from '../sections/special-stars/shape.ts';
import { CHART_WARNINGS_SCHEMA } from '../sections/warnings/shape.ts';
import { atomSchemas } from './atoms.ts';
import { COMPATIBILITY_CHART_SHAPE } from './compatibility-chart.ts';
import { COMPATIBILITY_RESULT_SHAPE } from './compatibility-result.ts';
import { DAY_GANZHI_DETAILS_SHAPE } from './day-ganzhi-details.ts';
import { ERROR_BODY_SHAPE, SUCCESS_A_SHAPE, SUCCESS_B_SHAPE, SUCCESS_COMPATIBILITY_SHAPE, SUCCESS_TIMELINE_SHAPE } from './envelopes.ts';
import { LUNAR_DATES_SHAPE, PILLARS_TO_DATES_SHAPE, PLACES_SHAPE } from './free-answers.ts';
import { DUTIES_SCHEMA, HEALTH_SHAPE, NOT_READY_SHAPE, READY_SHAPE } from './health.ts';
import { PLACE_SHAPE } from './place.ts';
import { requestBodySchemas } from './requests.ts';
import { RESULT_A_SHAPE, RESULT_B_SHAPE } from './results.ts';
import { shapeJsonSchema } from './shape.ts';
import { TIMELINE_RESULT_SHAPE, timelineRequestSchema } from './timeline.ts';
import { SUBJECT_FEED_SHAPE, SUBJECT_PAGE_SHAPE, SUBJECT_SHAPE } from './subjects.ts';

/** The answers' schemas (built on first use: the results' optional members follow the sections' registry). */
const answerSchemas = once((): Record<string, JsonSchema> => ({
  ErrorBody: shapeJsonSchema(ERROR_BODY_SHAPE),
  ...atomSchemas(),
  DayGanzhiDetails: shapeJsonSchema(DAY_GANZHI_DETAILS_SHAPE),

  Relation: shapeJsonSchema(RELATION_SHAPE),
  Relations: RELATIONS_SCHEMA,
  ChartWarnings: CHART_WARNINGS_SCHEMA,
  ChartAlternatives: CHART_ALTERNATIVES_SCHEMA,
  ConventionDifferences: CONVENTION_DIFFERENCES_SCHEMA,
  SpecialStars: SPECIAL_STARS_SCHEMA,
  LuckStartAge: shapeJsonSchema(LUCK_START_AGE_SHAPE),

  ResultA: shapeJsonSchema(RESULT_A_SHAPE()),
  ResultB: shapeJsonSchema(RESULT_B_SHAPE()),
  SuccessA: shapeJsonSchema(SUCCESS_A_SHAPE()),
  SuccessB: shapeJsonSchema(SUCCESS_B_SHAPE()),

  CompatibilityChart: shapeJsonSchema(COMPATIBILITY_CHART_SHAPE),
  CompatibilityResult: shapeJsonSchema(COMPATIBILITY_RESULT_SHAPE),
  SuccessCompatibility: shapeJsonSchema(SUCCESS_COMPATIBILITY_SHAPE),

  TimelineResult: shapeJsonSchema(TIMELINE_RESULT_SHAPE),
  SuccessTimeline: shapeJsonSchema(SUCCESS_TIMELINE_SHAPE),

  Subject: shapeJsonSchema(SUBJECT_SHAPE),
  SubjectPage: shapeJsonSchema(SUBJECT_PAGE_SHAPE),
  SubjectFeed: shapeJsonSchema(SUBJECT_FEED_SHAPE),

  Health: shapeJsonSchema(HEALTH_SHAPE),
  Place: shapeJsonSchema(PLACE_SHAPE),
  Places: shapeJsonSchema(PLACES_SHAPE),
  PillarsToDates: shapeJsonSchema(PILLARS_TO_DATES_SHAPE),
  LunarDates: shapeJsonSchema(LUNAR_DATES_SHAPE),
  Ready: shapeJsonSchema(READY_SHAPE),
  NotReady: shapeJsonSchema(NOT_READY_SHAPE),
  Duties: DUTIES_SCHEMA,
  // A section that brings its own schema (the built-in ones are above).
  ...Object.fromEntries(
    chartSections().flatMap((section) => {
      const definition = section.shape === undefined ? section.definition : shapeJsonSchema(section.shape);
      return definition === undefined ? [] : [[section.schema, definition]];
    }),
  ),
}));

/** Every component schema of the wire format (request bodies from the contract, the answers): what /openapi.json and the MCP tools share. */
export const componentSchemas = (contract: readonly RequestField[]) => ({
  ...requestBodySchemas(contract),
  TimelineRequest: timelineRequestSchema({ $ref: '#/components/schemas/Birth' }),
  SubjectRequest: {
    type: 'object',
    description: 'A subject to save: a name and a birth. Any other member is refused (400).',
    required: ['name', 'birth'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100, description: 'What the customer calls it (personal data: sealed at rest)' },
      birth: { $ref: '#/components/schemas/Birth' },
    },
  },
  ...answerSchemas(),
});
