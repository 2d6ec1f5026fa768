/** A compatibility's `result` (REST `/v1/compatibility`; GraphQL's `CompatibilityResponse` keeps its own type, its words and the envelope's fields). */
import { z } from 'zod';
import type { CompatibilityResultJson } from '../../application/operations/compatibility.ts';
import { COMPATIBILITY_CHART_SHAPE } from './compatibility-chart.ts';
import { COMPATIBILITY_ITEM_SHAPE } from './compatibility-item.ts';
import { asWritten, componentRef, inPlace, shape } from './shape.ts';

export const COMPATIBILITY_RESULT_SHAPE = shape(
  'CompatibilityResult',
  '相性: docs/scores.md “Compatibility”',
  {
    a: COMPATIBILITY_CHART_SHAPE.object,
    b: COMPATIBILITY_CHART_SHAPE.object,
    score: componentRef('Score', z.int()),
    // Not an enum of the five languages' 25 words: the MCP tool list carries this schema on every session.
    level: asWritten<string>({ type: 'string', minLength: 1, description: 'In the answer’s language (lang)' }),
    raw_score: z.number().meta({ description: '50 + the items’ points before rounding and clamping' }),
    pillars_compared: asWritten<3 | 4>({ enum: [3, 4], description: '3 when either birth time is unknown' }),
    items: z.array(inPlace(COMPATIBILITY_ITEM_SHAPE)).min(2),
  },
  { component: true },
);

/** The shape's type is the operation's: a member added to one and not the other fails the type check. */
type Declared = z.infer<typeof COMPATIBILITY_RESULT_SHAPE.object>;
const sameMembers: [Declared, keyof Declared] extends [CompatibilityResultJson, keyof CompatibilityResultJson] ? true : false = true;
void sameMembers;
