/**
 * 相性, declared once for every protocol: `POST /api/v1/compatibility` (Variant B's key channels
 * and envelope), the MCP tool `compatibility` and the GraphQL mutation `compatibility`. Price:
 * `COMPATIBILITY_COST`.
 */
import {
  compatibilityOperation,
  compatibilityResultJson,
  type CastCompatibility,
  type CompatibilityInput,
} from '../../application/operations/compatibility.ts';
import { succeed } from '../../application/outcome.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';
import { isPlainObject } from '../../domain/plain-object.ts';
import { compatibilityEnvelope } from '../envelope.ts';
import { MCP_VERSION_META, pairVersionOf, VERSION_HEADERS, versionHeaders, type AnswerVersion } from '../answer-version.ts';
import {
  CREDENTIAL_TEXT,
  postOnlyResponse,
  json,
  paidResponses,
  parameterRef,
  requestIdHeader,
  schemaRef,
  SECURITY,
} from '../openapi-parts.ts';
import { once } from '../../application/registry.ts';
import { bareArgument, MCP_UNLISTED_FIELDS, rooted, toolDef } from '../tool-schemas.ts';
import { priceText, type OperationDeclaration } from './declaration.ts';

export const COMPATIBILITY_PATH = '/api/v1/compatibility';

/** The version of a comparison: both births' settings (docs/rest.md, "Versioned answers"). */
export const compatibilityVersionOf = (cast: CastCompatibility): AnswerVersion => pairVersionOf(cast.a.core.request, cast.b.core.request);

/** REST's presented answer: the result and the version its headers carry. */
interface VersionedComparison {
  readonly result: ReturnType<typeof compatibilityResultJson>;
  readonly version: AnswerVersion;
}
const presentVersioned = (cast: CastCompatibility): VersionedComparison => ({
  result: compatibilityResultJson(cast),
  version: compatibilityVersionOf(cast),
});

/**
 * The tool's input: the REST body's schema, its words for an assistant (no `api_key` remarks: a tool
 * has no body key). A birth's members keep their types, values and bounds but not their words: they
 * are `calculate_chart`'s arguments of the same names, described once there (2 KB an assistant would
 * otherwise read twice on every session).
 */
const compatibilityToolInput = once(() => {
  const schema = rooted(toolDef('CompatibilityRequest'));
  const defs = schema['$defs'] as Record<string, Record<string, unknown>>;
  const birth = defs['Birth']!;
  const members = Object.entries(birth['properties'] as Record<string, Record<string, unknown>>)
    .filter(([name]) => !MCP_UNLISTED_FIELDS.has(name))
    .map(([name, member]) => [name, bareArgument(member)] as const);
  return {
    ...schema,
    description: 'Two births to compare; any other argument is refused.',
    $defs: {
      ...defs,
      Birth: {
        ...birth,
        description:
          'One birth, as calculate_chart’s arguments (no time: three pillars; `gender` on both: the spouse stars); others refused.',
        properties: Object.fromEntries(members),
      },
    },
  };
});

export const compatibilityDeclaration: OperationDeclaration<CompatibilityInput, unknown, CastCompatibility> = {
  operation: compatibilityOperation,
  price: { setting: 'COMPATIBILITY_COST', default: 20 },
  rest: [
    {
      path: COMPATIBILITY_PATH,
      methods: ['POST'],
      credentials: 'B',
      // Only `api_key` (Variant B's second channel) and `lang` are read from the query.
      queryFields: CHART_REQUEST_FIELDS.filter((field) => field.credential || field.name === 'lang'),
      read: ({ query, body }) => {
        // A body that is not an object has neither member: both are reported missing.
        const members = isPlainObject(body) ? body : null;
        return {
          input: {
            a: members?.['a'],
            b: members?.['b'],
            lang: members?.['lang'] ?? query.params?.get('lang') ?? undefined,
            otherMembers: [...Object.keys(members ?? {}), ...(query.params?.keys() ?? [])],
          },
          present: presentVersioned,
        };
      },
      answer: ({ result, receipt }) => {
        const versioned = result as VersionedComparison;
        return {
          contentType: 'application/json',
          body: JSON.stringify(compatibilityEnvelope(versioned.result, receipt)),
          headers: versionHeaders(versioned.version),
        };
      },
      openapi: (price) => ({
        post: {
          tags: ['Compatibility'],
          operationId: 'compatibilityPost',
          summary: '相性: compare two births',
          description: `Two births as \`{ "a": {…}, "b": {…} }\` (at most 16 KiB), compared by the rule in docs/scores.md. Costs ${priceText(price)}, charged once and never on an error. ${CREDENTIAL_TEXT.B}`,
          security: SECURITY.B,
          parameters: [parameterRef('IdempotencyKey')],
          requestBody: {
            required: true,
            content: json(schemaRef('CompatibilityRequest'), {
              pair: {
                summary: '1973-12-19 (a man) and 1973-10-13 (a woman), dates only: the spouse stars (score 67)',
                value: {
                  a: { year: 1973, month: 12, day: 19, location: 139.69, gender: 'male' },
                  b: { year: 1973, month: 10, day: 13, location: 139.69, gender: 'female' },
                },
              },
            }),
          },
          responses: paidResponses(
            {
              description: 'The compatibility',
              headers: { ...requestIdHeader, ...VERSION_HEADERS },
              content: json(schemaRef('SuccessCompatibility')),
            },
            postOnlyResponse(),
            true,
          ),
        },
      }),
    },
  ],
  mcp: {
    name: 'compatibility',
    title: '相性 of two births',
    description: (cost) =>
      'Scores two births 0–100 (day stems as 通変星, 干合, spouse stars, branch relations, 五行, 空亡), every item explained.' + cost,
    get inputSchema() {
      return compatibilityToolInput();
    },
    // No output schema: the answer is REST's body (/openapi.json SuccessCompatibility, CompatibilityResult locally), 2.4 KB
    // an assistant would read on every session.
    read: (args) => {
      let version: AnswerVersion | undefined;
      return succeed({
        input: { a: args['a'], b: args['b'], lang: args['lang'], otherMembers: Object.keys(args) },
        present: (cast: CastCompatibility) => {
          version = compatibilityVersionOf(cast);
          return compatibilityResultJson(cast);
        },
        envelope: compatibilityEnvelope,
        meta: (): Record<string, unknown> => (version === undefined ? {} : { [MCP_VERSION_META]: version }),
      });
    },
  },
  graphql: { field: 'compatibility', typed: true },
};
