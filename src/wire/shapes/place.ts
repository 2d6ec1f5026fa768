/** A birthplace of the gazetteer as every protocol answers it (REST `/v1/places`, a chart's `place`, GraphQL `Place`). */
import { z } from 'zod';
import { LANGS } from '../../domain/catalogue/lang.ts';
import type { PlaceJson } from '../../domain/places/gazetteer.ts';
import { shape } from './shape.ts';

const d = (description: string) => ({ description });

export const PLACE_SHAPE = shape(
  'Place',
  'A birthplace of the gazetteer (docs/places.md)',
  {
    id: z
      .string()
      .meta(d('Its id, the `place_id` of a chart request: `jp:<municipality code>`, `jp:pref:<2 digits>` or `gn:<GeoNames id>`')),
    name: z.string().meta(d('Its name, in the request’s `lang` where the gazetteer has one (`name_lang` says which)')),
    name_lang: z.enum(LANGS).meta(d('The language of `name` (`en`: GeoNames’ main name)')),
    reading: z.string().nullable().meta(d('The reading in hiragana (Japanese places)')),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .meta(d('ISO 3166-1 alpha-2')),
    region: z.string().meta(d('The prefecture (Japan) or GeoNames first-order division, by name (its code where it has none)')),
    region_code: z.string().meta(d('The prefecture’s JIS X 0401 code (Japan), else the GeoNames first-order division code')),
    latitude: z.number().meta(d('Degrees north')),
    longitude: z.number().meta(d('Degrees east')),
    timezone: z.string().meta(d('IANA zone')),
    population: z.int().min(0).meta(d('GeoNames’ population (0 where unknown)')),
  },
  { component: true },
);

/** The shape's type is the presenter's: a member added to one and not the other fails the type check. */
export type PlaceShape = z.infer<typeof PLACE_SHAPE.object>;
const sameMembers: [PlaceShape, PlaceJson] extends [PlaceJson, PlaceShape] ? true : false = true;
void sameMembers;
