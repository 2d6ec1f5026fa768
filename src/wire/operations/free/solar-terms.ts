/** `solar_terms`: the 24 solar terms of a Gregorian year to the second, in UT and in a zone (free). */
import { z } from 'zod';
import { LISTABLE_YEARS, solarTermsOfYear, type SolarTermListing } from '../../../domain/astronomy/term-listing.ts';
import type { RequestIssue } from '../../../domain/chart/request.ts';
import { catalogueFor } from '../../../domain/catalogue/catalogues.ts';
import { DEFAULT_LANG, LANGS, langOf, langRule } from '../../../domain/catalogue/lang.ts';
import { canonicalZoneName, zoneRules } from '../../../domain/time/zone.ts';
import type { FreeOperationDeclaration } from '../free.ts';

const DEFAULT_ZONE = 'Asia/Tokyo';

export const solarTermsDeclaration: FreeOperationDeclaration<{ readonly terms: readonly SolarTermListing[] }> = {
  name: 'solar_terms',
  parameters: z.object({
    year: z.int().min(LISTABLE_YEARS.first).max(LISTABLE_YEARS.last).meta({ description: 'Gregorian year.' }),
    timezone: z
      .string()
      .optional()
      .meta({ description: `IANA zone for the \`local\` times (default ${DEFAULT_ZONE}).` }),
    lang: z.enum(LANGS).optional().meta({ description: 'Language of the names (default ja).' }),
  }),
  answer: (values) => {
    const year = values['year'];
    const zoneValue = values['timezone'] ?? DEFAULT_ZONE;
    const zone = typeof zoneValue === 'string' ? canonicalZoneName(zoneValue) : undefined;
    const issues: RequestIssue[] = [];
    if (typeof year !== 'number' || !Number.isInteger(year) || year < LISTABLE_YEARS.first || year > LISTABLE_YEARS.last)
      issues.push({ field: 'year', message: `year must be an integer from ${LISTABLE_YEARS.first} to ${LISTABLE_YEARS.last}` });
    if (zone === undefined) issues.push({ field: 'timezone', message: 'timezone must be an IANA time zone name such as "Asia/Tokyo"' });
    const langValue = values['lang'];
    const lang = langValue == null ? DEFAULT_LANG : typeof langValue === 'string' ? langOf(langValue) : undefined;
    if (lang === undefined) issues.push({ field: 'lang', message: langRule('lang', langValue) });
    if (issues.length > 0) return { ok: false, issues };
    return { ok: true, answer: { terms: solarTermsOfYear(year as number, zoneRules(zone!), catalogueFor(lang).labels.jieqi) } };
  },
  mcp: {
    name: 'solar_terms',
    title: 'The 24 solar terms of a year (二十四節気)',
    description: `The 24 solar terms of a Gregorian year (${LISTABLE_YEARS.first}–${LISTABLE_YEARS.last}) to the second, in UT and in a zone. Free.`,
  },
  graphql: { field: 'solarTerms' },
  cli: { command: 'terms' },
};
