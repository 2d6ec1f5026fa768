/** `Query.solarTerms`: free, no key; the same listing as `bazi terms`. */
import { GraphQLError } from 'graphql';
import { LISTABLE_YEARS, solarTermsOfYear, type SolarTermListing } from '../../domain/astronomy/term-listing.js';
import { canonicalZoneName, zoneRules } from '../../domain/time/zone.js';
import { builder } from '../builder.js';

const SolarTermType = builder.objectRef<SolarTermListing>('SolarTerm').implement({
  description: 'One of the 24 solar terms (二十四節気) of a year.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Japanese name, e.g. 立春.' }),
    longitude: t.exposeInt('longitude', { description: 'Apparent solar ecliptic longitude that defines the term, degrees.' }),
    utc: t.exposeString('utc', { description: 'Instant in UT to the second, ISO 8601 (`2024-02-04T08:27:08Z`).' }),
    local: t.exposeString('local', { description: 'Civil time in the requested zone to the second (`2024-02-04 17:27:08`).' }),
  }),
});

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

builder.queryField('solarTerms', (t) =>
  t.field({
    type: [SolarTermType],
    description: `The 24 solar terms of a Gregorian year (${LISTABLE_YEARS.first}–${LISTABLE_YEARS.last}), in calendar order from 小寒. Free; no key needed.`,
    args: {
      year: t.arg.int({ required: true, description: `Gregorian year, ${LISTABLE_YEARS.first}–${LISTABLE_YEARS.last}.` }),
      timezone: t.arg.string({ defaultValue: 'Asia/Tokyo', description: 'IANA zone for the `local` column (default Asia/Tokyo).' }),
    },
    resolve: (_root, { year, timezone }) => {
      const zone = canonicalZoneName(timezone ?? 'Asia/Tokyo');
      if (zone === undefined) throw badInput('timezone must be an IANA time zone name such as "Asia/Tokyo"');
      if (year < LISTABLE_YEARS.first || year > LISTABLE_YEARS.last) {
        throw badInput(`year must be an integer from ${LISTABLE_YEARS.first} to ${LISTABLE_YEARS.last}`);
      }
      return solarTermsOfYear(year, zoneRules(zone));
    },
  }),
);
