/** `Query.solarTerms`: free, no key; the same listing as `bazi terms`. */
import { z } from 'zod';
import { LISTABLE_YEARS, solarTermsOfYear, type SolarTermListing } from '../../domain/astronomy/term-listing.ts';
import { canonicalZoneName, zoneRules } from '../../domain/time/zone.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import { SOLAR_TERM_SHAPE } from '../../wire/shapes/solar-term.ts';
import { catalogueFor } from '../../domain/catalogue/catalogues.ts';
import { LanguageType } from './calculate.ts';

const SolarTermType = objectTypeOf<SolarTermListing>(SOLAR_TERM_SHAPE);

const YEAR_RULE = `year must be an integer from ${LISTABLE_YEARS.first} to ${LISTABLE_YEARS.last}`;
const ZONE_RULE = 'timezone must be an IANA time zone name such as "Asia/Tokyo"';

builder.queryField('solarTerms', (t) =>
  t.field({
    type: [SolarTermType],
    description: `The 24 solar terms of a Gregorian year (${LISTABLE_YEARS.first}–${LISTABLE_YEARS.last}), in calendar order from 小寒. Free; no key needed.`,
    args: {
      year: t.arg.int({
        required: true,
        description: `Gregorian year, ${LISTABLE_YEARS.first}–${LISTABLE_YEARS.last}.`,
        validate: z.number().int().min(LISTABLE_YEARS.first, { error: YEAR_RULE }).max(LISTABLE_YEARS.last, { error: YEAR_RULE }),
      }),
      timezone: t.arg.string({
        defaultValue: 'Asia/Tokyo',
        description: 'IANA zone for the `local` column (default Asia/Tokyo).',
        validate: z
          .string()
          .nullish()
          .refine((zone) => zone == null || canonicalZoneName(zone) !== undefined, { error: ZONE_RULE }),
      }),
      lang: t.arg({ type: LanguageType, description: 'Language of the names (default `ja`).' }),
    },
    resolve: (_root, { year, timezone, lang }) =>
      solarTermsOfYear(year, zoneRules(canonicalZoneName(timezone ?? 'Asia/Tokyo')!), catalogueFor(lang ?? undefined).labels.jieqi),
  }),
);
