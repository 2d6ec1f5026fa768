/** `find_places` and the data's attribution: birthplaces by name, and where the gazetteer comes from (free). */
import { z } from 'zod';
import type { RequestIssue } from '../../../domain/chart/request.ts';
import { PLACE_SOURCES } from '../../../domain/places/attribution.ts';
import { placeJson, searchPlaces, type PlaceJson } from '../../../domain/places/gazetteer.ts';
import { schemaRef } from '../../openapi-parts.ts';
import type { FreeOperationDeclaration } from '../free.ts';

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

export const placesDeclaration: FreeOperationDeclaration<{ readonly query: string; readonly places: readonly PlaceJson[] }> = {
  name: 'find_places',
  parameters: z.object({
    q: z.string().min(1).meta({ description: 'A place name or its beginning: 札幌, さっぽろ, Taipei, 서울', brief: '' }),
    limit: z
      .int()
      .min(1)
      .max(MAX_LIMIT)
      .optional()
      .meta({ description: `At most this many places (default ${DEFAULT_LIMIT})`, brief: `Default ${DEFAULT_LIMIT}.` }),
  }),
  answer: (values, channel) => {
    const q = values['q'];
    const limit = values['limit'] ?? DEFAULT_LIMIT;
    const issues: RequestIssue[] = [];
    if (typeof q !== 'string' || q.trim() === '') {
      const example = channel === 'query' ? 'q=札幌' : '"札幌"';
      issues.push({ field: 'q', message: `q is required: a place name or its beginning, e.g. ${example}` });
    }
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      issues.push({ field: 'limit', message: `limit must be an integer from 1 to ${MAX_LIMIT}` });
    if (issues.length > 0) return { ok: false, issues };
    return { ok: true, answer: { query: q as string, places: searchPlaces(q as string, limit as number).map(placeJson) } };
  },
  rest: {
    path: '/v1/places',
    operationId: 'getPlaces',
    summary: 'Birthplaces by name (free)',
    tag: 'Places',
    description:
      'Searches the gazetteer (GeoNames and Japanese municipalities with their readings) by any of a place’s names, folded for width, case, accents and kana. A place’s `id` is the `place_id` of a chart request. docs/places.md.',
    response: { description: 'Exact matches first, then names that start with `q`, each by population', schema: schemaRef('Places') },
    cacheControl: 'public, max-age=86400',
  },
  mcp: {
    name: 'find_places',
    title: 'Birthplaces by name (出生地)',
    description: 'Places by name or its start, any script: id, longitude, zone (chart tools take `place_id`). Free.',
  },
  graphql: { field: 'places' },
  cli: { command: 'places' },
};

export const attributionDeclaration: FreeOperationDeclaration = {
  name: 'place_attribution',
  parameters: z.object({}),
  answer: () => ({ ok: true, answer: { sources: PLACE_SOURCES } }),
  rest: {
    path: '/v1/attribution',
    operationId: 'getAttribution',
    summary: 'The sources, licences and changes of the place data (free)',
    response: {
      description: 'Each source of the gazetteer',
      schema: { type: 'object', required: ['sources'], properties: { sources: { type: 'array', items: { type: 'object' } } } },
    },
    cacheControl: 'public, max-age=86400',
  },
};
