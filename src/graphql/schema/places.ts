/** Birthplaces on GraphQL: `CalculateInput.place` / `placeId` (calculate.ts), `ChartResult.place`, and the free `Query.places`. */
import { refusals } from '../../application/refusals.ts';
import { placeJson, searchPlaces, type PlaceJson } from '../../domain/places/gazetteer.ts';
import { builder } from '../builder.ts';
import { toGraphQLError } from '../errors.ts';
import { ChartResultType } from './chart-result.ts';

const PlaceType = builder.objectRef<PlaceJson>('Place').implement({
  description: 'A birthplace of the gazetteer (docs/places.md).',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Its id: the `placeId` of a chart request.' }),
    name: t.exposeString('name', { description: 'Its name, in the request’s `lang` where the gazetteer has one (`nameLang` says which).' }),
    nameLang: t.exposeString('name_lang', { description: 'The language of `name`.' }),
    reading: t.exposeString('reading', { nullable: true, description: 'The reading in hiragana (Japanese places).' }),
    country: t.exposeString('country', { description: 'ISO 3166-1 alpha-2.' }),
    region: t.exposeString('region', {
      description: 'The prefecture (Japan) or GeoNames first-order division, by name (its code where it has none).',
    }),
    regionCode: t.exposeString('region_code', {
      description: 'JIS X 0401 prefecture code (Japan), else the GeoNames first-order division code.',
    }),
    latitude: t.exposeFloat('latitude', { description: 'Degrees north.' }),
    longitude: t.exposeFloat('longitude', { description: 'Degrees east.' }),
    timezone: t.exposeString('timezone', { description: 'IANA zone.' }),
    population: t.exposeInt('population', { description: 'GeoNames’ population (0 where unknown).' }),
  }),
});

builder.interfaceFields(ChartResultType, (t) => ({
  place: t.field({
    type: PlaceType,
    nullable: true,
    description: 'The birthplace named by `place` or `placeId`; null when the request gave a longitude only.',
    resolve: ({ core }) => core.request.place ?? null,
  }),
}));

builder.queryField('places', (t) =>
  t.field({
    type: [PlaceType],
    description: 'Birthplaces by any of their names or the beginning of one, exact matches first, then by population. Free; no key needed.',
    args: {
      q: t.arg.string({ required: true, description: 'A place name or its beginning: 札幌, さっぽろ, Taipei, 서울.' }),
      limit: t.arg.int({ description: 'At most this many (1–50, default 10).' }),
    },
    resolve: (_root, { q, limit }) => {
      const issues = [
        ...(q.trim() === '' ? [{ field: 'q', message: 'q is required: a place name or its beginning' }] : []),
        ...(limit != null && (limit < 1 || limit > 50) ? [{ field: 'limit', message: 'limit must be an integer from 1 to 50' }] : []),
      ];
      if (issues.length > 0) throw toGraphQLError(refusals.invalidRequest(issues), 'places');
      return searchPlaces(q, limit ?? 10).map(placeJson);
    },
  }),
);
