/** Birthplaces on GraphQL: `CalculateInput.place` / `placeId` (calculate.ts), `ChartResult.place`, and the free `Query.places`. */
import { refusals } from '../../application/refusals.ts';
import type { PlaceJson } from '../../domain/places/gazetteer.ts';
import { placesDeclaration } from '../../wire/operations/free/places.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import { PLACE_SHAPE } from '../../wire/shapes/place.ts';
import { toGraphQLError } from '../errors.ts';
import { ChartResultType } from './chart-result.ts';

const PlaceType = objectTypeOf<PlaceJson>(PLACE_SHAPE);

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
    // The rules are the operation's (wire/operations/free/places.ts), as on REST, MCP and the CLI.
    resolve: (_root, { q, limit }) => {
      const answer = placesDeclaration.answer({ q, ...(limit == null ? {} : { limit }) }, 'arguments');
      if (!answer.ok) throw toGraphQLError(refusals.invalidRequest(answer.issues), null);
      return answer.answer.places;
    },
  }),
);
