/** `Query.solarTerms`: free, no key; the same listing as `bazi terms`. */
import { refusals } from '../../application/refusals.ts';
import { LISTABLE_YEARS, type SolarTermListing } from '../../domain/astronomy/term-listing.ts';
import { solarTermsDeclaration } from '../../wire/operations/free/solar-terms.ts';
import { toGraphQLError } from '../errors.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import { SOLAR_TERM_SHAPE } from '../../wire/shapes/solar-term.ts';
import { LanguageType } from './calculate.ts';

const SolarTermType = objectTypeOf<SolarTermListing>(SOLAR_TERM_SHAPE);

builder.queryField('solarTerms', (t) =>
  t.field({
    type: [SolarTermType],
    description: `The 24 solar terms of a Gregorian year (${LISTABLE_YEARS.first}–${LISTABLE_YEARS.last}), in calendar order from 小寒. Free; no key needed.`,
    args: {
      year: t.arg.int({
        required: true,
        description: `Gregorian year, ${LISTABLE_YEARS.first}–${LISTABLE_YEARS.last}.`,
      }),
      timezone: t.arg.string({
        defaultValue: 'Asia/Tokyo',
        description: 'IANA zone for the `local` column (default Asia/Tokyo).',
      }),
      lang: t.arg({ type: LanguageType, description: 'Language of the names (default `ja`).' }),
    },
    // The rules are the operation's (wire/operations/free/solar-terms.ts), as on MCP and the CLI.
    resolve: (_root, { year, timezone, lang }) => {
      const answer = solarTermsDeclaration.answer({ year, timezone, lang }, 'arguments');
      if (!answer.ok) throw toGraphQLError(refusals.invalidRequest(answer.issues), null);
      return answer.answer.terms;
    },
  }),
);
