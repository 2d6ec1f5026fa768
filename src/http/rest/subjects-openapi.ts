/** The OpenAPI paths of `/v1/subjects` (docs/subjects.md): keyed by header only, free, never cached. */
import { errorResponse, json, requestIdHeader, schemaRef } from '../../wire/openapi-parts.ts';
import { SUBJECTS_PATH } from './subjects.ts';

const SECURITY = [{ bearer: [] }, { apiKeyHeader: [] }];
const KEY_TEXT =
  'Key: `Authorization: Bearer` or `X-API-Key` (never the query: a subject is personal data), with the key’s `account` scope. Free.';
const answer = (description: string, schema: string) => ({
  description,
  headers: { ...requestIdHeader, 'Cache-Control': { description: '`no-store`', schema: { type: 'string', const: 'no-store' } } },
  content: json(schemaRef(schema)),
});
const REFUSALS = {
  '400': errorResponse(
    'A member or parameter breaks its rule (each one named)',
    'BAD_USER_INPUT',
    'Invalid request: name must be text of 1 to 100 characters',
  ),
  '401': errorResponse('No key, an unknown or revoked one, or one without the `account` scope', 'UNAUTHENTICATED', 'API key is required'),
  '503': errorResponse('The subject store is not reachable', 'STORE_UNAVAILABLE', 'The credit store is unavailable'),
};
const NOT_HELD = {
  '404': errorResponse(
    'No such subject in this account (or saved subjects are off here)',
    'NOT_FOUND',
    'No subject "sub_…" in this account',
  ),
};
const ID = { name: 'id', in: 'path', required: true, description: 'The subject’s id (`sub_…`)', schema: { type: 'string' } };

const FEED = answer('The subject’s feed', 'SubjectFeed');

export const subjectOpenApiPaths = () => ({
  [`${SUBJECTS_PATH}/{id}/feed`]: {
    get: {
      tags: ['Subjects'],
      operationId: 'getSubjectFeed',
      summary: 'A subject’s calendar feed (not its URL)',
      description: KEY_TEXT,
      security: SECURITY,
      parameters: [ID],
      responses: { '200': FEED, ...REFUSALS, ...NOT_HELD },
    },
    post: {
      tags: ['Subjects'],
      operationId: 'issueSubjectFeed',
      summary: 'Issue (or re-issue) a subject’s calendar feed URL',
      description: `The URL is shown once; issuing again replaces it. Fetching it costs FEED_MONTHLY_COST credits per month. ${KEY_TEXT}`,
      security: SECURITY,
      parameters: [ID],
      requestBody: {
        required: false,
        content: json({
          type: 'object',
          additionalProperties: false,
          properties: {
            events: { type: 'array', items: { enum: ['major', 'annual', 'monthly', 'void'] }, uniqueItems: true, minItems: 1 },
            lang: { enum: ['ja', 'zh-Hans', 'zh-Hant', 'en', 'ko'] },
            queries: {
              type: 'array',
              maxItems: 5,
              description: 'Saved timeline searches whose matches the feed carries (docs/timeline.md)',
              items: {
                type: 'object',
                required: ['name', 'level', 'where'],
                additionalProperties: false,
                properties: {
                  name: { type: 'string', minLength: 1, maxLength: 60 },
                  level: { enum: ['major', 'annual', 'monthly', 'daily'] },
                  where: { type: 'object' },
                },
              },
            },
          },
        }),
      },
      responses: { '201': FEED, ...REFUSALS, ...NOT_HELD },
    },
    delete: {
      tags: ['Subjects'],
      operationId: 'revokeSubjectFeed',
      summary: 'Revoke a subject’s calendar feed',
      description: KEY_TEXT,
      security: SECURITY,
      parameters: [ID],
      responses: {
        '200': {
          description: 'Revoked',
          headers: requestIdHeader,
          content: json({
            type: 'object',
            required: ['revoked'],
            properties: { revoked: { type: 'string' } },
            additionalProperties: false,
          }),
        },
        ...REFUSALS,
        ...NOT_HELD,
      },
    },
  },
  '/v1/feeds/{token}.ics': {
    get: {
      tags: ['Subjects'],
      operationId: 'getFeedCalendar',
      summary: 'A subject’s calendar (RFC 5545)',
      description:
        'No key: the URL is the credential. The month’s first fetch charges FEED_MONTHLY_COST; a short account gets a paused calendar. ETag / If-None-Match.',
      security: [],
      parameters: [{ name: 'token', in: 'path', required: true, description: 'The feed’s secret token', schema: { type: 'string' } }],
      responses: {
        '200': { description: 'The calendar', headers: requestIdHeader, content: { 'text/calendar': { schema: { type: 'string' } } } },
        '304': { description: 'Unchanged since the ETag sent', headers: requestIdHeader },
        '404': errorResponse(
          'No such feed (revoked, re-issued or never issued)',
          'NOT_FOUND',
          'No such feed: revoked, re-issued or never issued',
        ),
      },
    },
  },
  [SUBJECTS_PATH]: {
    get: {
      tags: ['Subjects'],
      operationId: 'listSubjects',
      summary: 'The account’s saved subjects',
      description: KEY_TEXT,
      security: SECURITY,
      parameters: [
        {
          name: 'limit',
          in: 'query',
          required: false,
          description: 'At most this many (1–100, default 50)',
          schema: { type: 'integer', minimum: 1, maximum: 100 },
        },
        { name: 'after', in: 'query', required: false, description: 'A page’s `next_after`', schema: { type: 'string' } },
      ],
      responses: { '200': answer('A page of subjects', 'SubjectPage'), ...REFUSALS },
    },
    post: {
      tags: ['Subjects'],
      operationId: 'createSubject',
      summary: 'Save a subject',
      description: `At most 1,000 per account. ${KEY_TEXT}`,
      security: SECURITY,
      requestBody: { required: true, content: json(schemaRef('SubjectRequest')) },
      responses: { '201': answer('The saved subject', 'Subject'), ...REFUSALS },
    },
  },
  [`${SUBJECTS_PATH}/{id}`]: {
    get: {
      tags: ['Subjects'],
      operationId: 'getSubject',
      summary: 'A saved subject',
      description: KEY_TEXT,
      security: SECURITY,
      parameters: [ID],
      responses: { '200': answer('The subject', 'Subject'), ...REFUSALS, ...NOT_HELD },
    },
    put: {
      tags: ['Subjects'],
      operationId: 'replaceSubject',
      summary: 'Replace a saved subject’s name and birth',
      description: KEY_TEXT,
      security: SECURITY,
      parameters: [ID],
      requestBody: { required: true, content: json(schemaRef('SubjectRequest')) },
      responses: { '200': answer('The subject as replaced', 'Subject'), ...REFUSALS, ...NOT_HELD },
    },
    delete: {
      tags: ['Subjects'],
      operationId: 'deleteSubject',
      summary: 'Delete a saved subject',
      description: KEY_TEXT,
      security: SECURITY,
      parameters: [ID],
      responses: {
        '200': {
          description: 'Deleted',
          headers: requestIdHeader,
          content: json({
            type: 'object',
            required: ['deleted'],
            properties: { deleted: { type: 'string' } },
            additionalProperties: false,
          }),
        },
        ...REFUSALS,
        ...NOT_HELD,
      },
    },
  },
});
