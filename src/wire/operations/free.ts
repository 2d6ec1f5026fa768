/**
 * A free operation (no key, no charge: lunar dates, pillars → dates, places, the solar terms, the
 * versions) declared once: its parameters as one zod object whose fields carry their description,
 * its answer, and the surfaces that serve it. From the declaration follow the REST route (its query
 * read with the parameters' names and types: an unknown one refused naming the nearest, a number
 * read as a number), its OpenAPI path, its MCP tool and input schema, and its metric label; the
 * GraphQL field and the CLI command it names are checked to exist.
 */
import type { z } from 'zod';
import { describeRequestFields, type JsonSchema, type RequestField } from '../../domain/chart/request-contract.ts';
import { unknownFieldIssues, type RequestIssue } from '../../domain/chart/request.ts';
import { json, PARSER_REFUSALS, requestIdHeader, responseRef } from '../openapi-parts.ts';

/** Where the parameters came from: a query string (text, read by the parameters' types) or a tool's JSON arguments. */
export type Channel = 'query' | 'arguments';

export type FreeAnswer<A extends object = object> =
  { readonly ok: true; readonly answer: A } | { readonly ok: false; readonly issues: readonly RequestIssue[] };

/** Metadata a free operation's parameter may carry besides its description. */
export interface FreeParameterMeta {
  readonly description: string;
  /**
   * The parameter is the chart request's field of this name: the OpenAPI path refers to its shared
   * component (`#/components/parameters/<name>`) instead of repeating it.
   */
  readonly component?: string;
  /**
   * What an assistant reads instead (the MCP tool's schema, whose whole list is read on every
   * session): shorter, or empty where the name says it all. The description where absent.
   */
  readonly brief?: string;
}

export interface FreeRest {
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  /** The OpenAPI tag; `Operations` when absent. */
  readonly tag?: string;
  readonly description?: string;
  /** The 200 answer: its description and JSON Schema. */
  readonly response: { readonly description: string; readonly schema: JsonSchema };
  /** The answer's `Cache-Control`. */
  readonly cacheControl: string;
}

/** `A`: the answer's type (what the REST body, the tool's result, the GraphQL field and the CLI print are made of). */
export interface FreeOperationDeclaration<A extends object = object> {
  /** Its name: the metric label of its calls and, unless the tool says otherwise, the MCP tool's. */
  readonly name: string;
  /** The parameters, each with `.meta({ description })` (a zod object: the one description of them). */
  readonly parameters: z.ZodObject;
  /**
   * The answer for known parameters (a query's numbers and booleans already read as such); a broken
   * rule is an issue naming the parameter. `channel` only phrases an example in a message.
   */
  answer(values: Readonly<Record<string, unknown>>, channel: Channel): FreeAnswer<A>;
  readonly rest?: FreeRest;
  readonly mcp?: { readonly name: string; readonly title: string; readonly description: string };
  /** The GraphQL query field that answers it (its own types in src/graphql/schema; a test checks it exists). */
  readonly graphql?: { readonly field: string };
  /** The CLI command that answers it (`bazi <command>`; a test checks the usage names it). */
  readonly cli?: { readonly command: string };
}

/** The parameters as the request contract describes fields (name, required, type, JSON Schema, description). */
const FIELDS = new WeakMap<FreeOperationDeclaration, readonly RequestField[]>();
export function parametersOf(declaration: FreeOperationDeclaration): readonly RequestField[] {
  let fields = FIELDS.get(declaration);
  if (fields === undefined) {
    fields = describeRequestFields(declaration.parameters);
    FIELDS.set(declaration, fields);
  }
  return fields;
}

/** A `.meta()` member of a parameter, when it is text. */
const metaText = (declaration: FreeOperationDeclaration, name: string, key: keyof FreeParameterMeta): string | undefined => {
  const shape: Readonly<Record<string, z.ZodType | undefined>> = declaration.parameters.shape;
  const value = shape[name]?.meta()?.[key];
  return typeof value === 'string' ? value : undefined;
};
const componentOf = (declaration: FreeOperationDeclaration, name: string): string | undefined => metaText(declaration, name, 'component');
const briefOf = (declaration: FreeOperationDeclaration, field: RequestField): string =>
  metaText(declaration, field.name, 'brief') ?? field.summary;

/** A value of a query string as the parameter's type reads it; text that is not one stays text, for the rule to name. */
function fromText(field: RequestField, text: string): unknown {
  if ((field.kind === 'integer' || field.kind === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (field.kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * A query string's parameters: an unknown one refused (with the nearest name), a known one at most
 * once, an empty value as not sent, each read by its type; then the operation's answer.
 */
export function answerQuery(declaration: FreeOperationDeclaration, params: URLSearchParams): FreeAnswer {
  const fields = parametersOf(declaration);
  const byName = new Map(fields.map((field) => [field.name, field]));
  const issues = unknownFieldIssues(new Set(params.keys()), new Set(byName.keys()));
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const name of new Set(params.keys())) {
    const field = byName.get(name);
    if (field === undefined) continue;
    const all = params.getAll(name);
    if (all.length > 1) issues.push({ field: name, message: `${name} must be given at most once` });
    if (all[0] !== '') values[name] = fromText(field, all[0]!);
  }
  return withIssues(issues, declaration.answer(values, 'query'));
}

/** A tool's JSON arguments: an unknown one refused (with the nearest name); then the operation's answer from the known ones. */
export function answerArguments(declaration: FreeOperationDeclaration, args: Readonly<Record<string, unknown>>): FreeAnswer {
  const known = new Set(parametersOf(declaration).map((field) => field.name));
  const issues = unknownFieldIssues(Object.keys(args), known);
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of Object.entries(args)) if (known.has(name)) values[name] = value;
  return withIssues(issues, declaration.answer(values, 'arguments'));
}

const withIssues = (issues: readonly RequestIssue[], answer: FreeAnswer): FreeAnswer =>
  issues.length === 0 ? answer : { ok: false, issues: [...issues, ...(answer.ok ? [] : answer.issues)] };

/** A parameter's schema without its description (said beside it), an enum without the `type` its values say. */
function ruleSchema(field: RequestField): JsonSchema {
  const { description: _description, component: _component, brief: _brief, ...rules } = field.jsonSchema;
  if (Array.isArray(rules['enum'])) {
    const { type: _type, ...values } = rules;
    return values;
  }
  return rules;
}

/** The REST path's OpenAPI object: a GET (no key, free) answering the declared JSON, 400 when it has parameters. */
export function freeOpenApiPath(declaration: FreeOperationDeclaration): Record<string, object> {
  const rest = declaration.rest!;
  const fields = parametersOf(declaration);
  const responses = {
    '200': { description: rest.response.description, headers: requestIdHeader, content: json(rest.response.schema) },
    ...(fields.length === 0 ? {} : { '400': responseRef('BadUserInput') }),
    ...PARSER_REFUSALS,
  };
  return {
    get: {
      tags: [rest.tag ?? 'Operations'],
      operationId: rest.operationId,
      summary: rest.summary,
      security: [],
      responses,
      ...(rest.description === undefined ? {} : { description: rest.description }),
      ...(fields.length === 0
        ? {}
        : {
            parameters: fields.map((field) => {
              const component = componentOf(declaration, field.name);
              if (component !== undefined) return { $ref: `#/components/parameters/${component}` };
              return { name: field.name, in: 'query', required: field.required, description: field.summary, schema: ruleSchema(field) };
            }),
          }),
    },
  };
}

/**
 * The MCP tool's input schema (read by an assistant on every session, so nothing said twice): every
 * parameter with its description unless that only says its name, the required ones named, nothing
 * else taken. A rule several parameters share (the four pillars) is written once, in `$defs`.
 */
export function freeToolInputSchema(declaration: FreeOperationDeclaration): JsonSchema {
  const fields = parametersOf(declaration);
  const required = fields.filter((field) => field.required).map((field) => field.name);
  const rulesOf = (field: RequestField) => {
    const { description: _description, component: _component, brief: _brief, ...rules } = field.jsonSchema;
    return rules;
  };
  const shared = new Map<string, number>();
  for (const field of fields) shared.set(JSON.stringify(rulesOf(field)), (shared.get(JSON.stringify(rulesOf(field))) ?? 0) + 1);
  const defs = [...shared].filter(([, uses]) => uses > 1).map(([rules], index) => [rules, `R${index + 1}`] as const);
  const defName = new Map(defs);
  return {
    type: 'object',
    ...(required.length === 0 ? {} : { required }),
    properties: Object.fromEntries(
      fields.map((field) => {
        const def = defName.get(JSON.stringify(rulesOf(field)));
        const rules = def === undefined ? rulesOf(field) : { $ref: `#/$defs/${def}` };
        const brief = briefOf(declaration, field);
        return [field.name, brief === '' ? rules : { ...rules, description: brief }];
      }),
    ),
    additionalProperties: false,
    ...(defs.length === 0 ? {} : { $defs: Object.fromEntries(defs.map(([rules, name]) => [name, JSON.parse(rules) as JsonSchema])) }),
  };
}
