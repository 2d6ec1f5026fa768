/**
 * Validates a response the tests received against /openapi.json: the operation's declared status,
 * the schema of its JSON body (ajv, JSON Schema 2020-12) and its declared headers.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import { openApiDocument } from '../../../src/http/rest/openapi.ts';

const DOCUMENT_ID = 'urn:four-pillars:openapi';

// ajv-formats is CommonJS with a default export; under nodenext its namespace wraps it.
const addFormats = ajvFormats.default as unknown as typeof ajvFormats.default.default;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// The whole document as one schema resource: `#/components/schemas/…` refs resolve inside it;
// the OpenAPI-only keywords around the schemas are ignored (strict: false).
ajv.addSchema(openApiDocument(), DOCUMENT_ID);

type Json = Record<string, unknown>;
const doc = openApiDocument() as unknown as Json;

function at(pointer: string): Json {
  let node: unknown = doc;
  for (const part of pointer.replace(/^#\//, '').split('/')) node = (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`OpenAPI document has no ${pointer}`);
  return node as Json;
}

const deref = (node: Json): Json => (typeof node['$ref'] === 'string' ? deref(at(node['$ref'])) : node);

const validators = new Map<string, ValidateFunction>();
function validatorFor(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (validate === undefined) {
    validate = ajv.getSchema(`${DOCUMENT_ID}${pointer}`);
    if (validate === undefined) throw new Error(`cannot compile ${pointer}`);
    validators.set(pointer, validate);
  }
  return validate;
}

export interface ReceivedResponse {
  readonly path: string;
  readonly method: string;
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** Problems with the response, empty when it matches the document. */
export function openApiProblems(response: ReceivedResponse): string[] {
  const pathItem = (doc['paths'] as Record<string, Json>)[response.path];
  let responseObject: Json;
  let schemaPointer: string;
  if (pathItem === undefined) {
    // Undocumented paths answer 404 with the common error body.
    if (response.status !== 404) return [`${response.path} is not in the document but answered ${response.status}`];
    responseObject = { headers: {} };
    schemaPointer = '#/components/schemas/ErrorBody';
  } else {
    const operation = pathItem[response.method.toLowerCase()] as Json | undefined;
    if (operation === undefined) {
      // Methods the document does not list: 405 with the common error body and Allow.
      if (response.status !== 405) return [`${response.method} ${response.path} is not in the document but answered ${response.status}`];
      responseObject = deref(at('#/components/responses/MethodNotAllowed'));
    } else {
      const declared = (operation['responses'] as Json)[String(response.status)] as Json | undefined;
      if (declared === undefined) return [`${response.method} ${response.path} does not declare status ${response.status}`];
      responseObject = deref(declared);
    }
    const content = (responseObject['content'] as Json)['application/json'] as Json;
    const schema = content['schema'] as Json;
    schemaPointer = typeof schema['$ref'] === 'string' ? schema['$ref'] : '';
  }
  const problems: string[] = [];
  for (const name of Object.keys((responseObject['headers'] as Json | undefined) ?? {})) {
    if (name === 'Retry-After' && response.headers.get(name) === null) continue; // "when known"
    if (response.headers.get(name) === null) problems.push(`missing header ${name}`);
  }
  if (schemaPointer !== '') {
    const validate = validatorFor(schemaPointer);
    if (!validate(response.body)) {
      problems.push(...(validate.errors ?? []).map((e) => `body${e.instancePath} ${e.message ?? ''} (${schemaPointer})`));
    }
  }
  return problems;
}

/** Validates a body against a named component schema (examples, fixtures). */
export function schemaProblems(schemaName: string, value: unknown): string[] {
  const validate = validatorFor(`#/components/schemas/${schemaName}`);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
