/** One of the 24 solar terms of a year (MCP `solar_terms`, GraphQL `SolarTerm`, `bazi terms`). */
import { z } from 'zod';
import type { SolarTermListing } from '../../domain/astronomy/term-listing.ts';
import { shape } from './shape.ts';

export const SOLAR_TERM_SHAPE = shape('SolarTerm', 'One of the 24 solar terms (二十四節気) of a year', {
  name: z.string().meta({ description: 'Its name in the asked language (`lang`), e.g. 立春, Start of Spring' }),
  longitude: z.int().min(0).max(345).meta({ description: 'Apparent solar ecliptic longitude that defines the term, degrees' }),
  utc: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    .meta({ description: 'Instant in UT to the second, ISO 8601 (`2024-02-04T08:27:08Z`)' }),
  local: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    .meta({ description: 'Civil time in the requested zone to the second (`2024-02-04 17:27:08`)' }),
});

/** The shape's type is the domain's listing: a member added to one and not the other fails the type check. */
const sameMembers: [z.infer<typeof SOLAR_TERM_SHAPE.object>, SolarTermListing] extends [
  SolarTermListing,
  z.infer<typeof SOLAR_TERM_SHAPE.object>,
]
  ? true
  : false = true;
void sameMembers;
