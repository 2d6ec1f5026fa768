/**
 * What a chart section declares (the types wire/chart-sections.ts registers) and the `option` helper
 * its options are written with. A section's folder (`sections/<name>/section.ts`) imports this module,
 * never chart-sections.ts, which imports every section's declaration (no cycle).
 */
import { z } from 'zod';
import type { FieldIssue } from '../../application/errors.ts';
import type { Catalogue } from '../../domain/catalogue/index.ts';
import type { ChartCore } from '../../domain/chart/chart-core.ts';
import type { ChartRequest } from '../../domain/chart/request.ts';
import type { JsonSchema } from '../../domain/chart/request-contract.ts';
import type { Shape } from '../shapes/shape.ts';

/** An option of a section: a query parameter, body member and CLI-line member, with its schema and its docs row. */
export interface SectionOption {
  readonly name: string;
  /** Its JSON Schema as a body member (and, but for `include`, as a query parameter), described. */
  readonly member: JsonSchema & { readonly description: string };
  /** docs/rest.md's row: the type in words and the rule. */
  readonly doc: { readonly type: string; readonly rule: string };
  /**
   * The MCP chart tool's words for it, where `member`'s are longer than a model needs on every session
   * (the books behind a school are in the docs resource); false: left out of the tool (its list has a
   * size budget; REST, the CLI and GraphQL keep it).
   */
  readonly mcp?: false | { readonly description: string };
}

/** Reads an option: a body or CLI-line member, else the query parameter; undefined when absent. */
export type ReadOption = (name: string) => unknown;

/**
 * An opt-in section of the chart, declared once: its `include` name, its options, the JSON it
 * appends to `result`, the schema of that JSON and its GraphQL field on `ChartResult`. REST
 * `include`, the CLI, the MCP chart tool, the OpenAPI document, the idempotency fingerprint and the
 * GraphQL schema follow the registry, in its order (the order the sections are appended).
 */
export interface ChartSection<Options = unknown> {
  readonly name: string;
  /** The component schema (/openapi.json `components.schemas`) of the section's value; `definition` when the section brings it. */
  readonly schema: string;
  readonly definition?: JsonSchema;
  /**
   * The section's JSON declared as a shape (wire/shapes): its component schema (instead of
   * `definition`) and, with `graphql.typed` false, its GraphQL field's object type follow from it.
   */
  readonly shape?: Shape;
  /**
   * The GraphQL field on `ChartResult`. `typed`: defined with its own types in src/graphql/schema (a
   * test checks it exists); otherwise served with the options' defaults, typed by `shape` where the
   * section has one, else as JSON.
   */
  readonly graphql: { readonly field: string; readonly typed: boolean; readonly description?: string };
  readonly options?: readonly SectionOption[];
  /**
   * Reads and checks the options (whenever `include` is given; `included` says whether this section
   * is), pushing an issue per bad value.
   */
  readonly readOptions?: (read: ReadOption, issues: FieldIssue[], included: boolean) => Options;
  /**
   * What the section asks of the request itself, checked before the charge when the section is
   * included: the request as parsed (undefined when its fields did not parse) and the options as
   * read. Its issues follow the request's and the options' own.
   */
  readonly validate?: (request: ChartRequest | undefined, options: Options) => readonly FieldIssue[];
  /** The options as plain data in the idempotency fingerprint, under `key`, when the section is included. */
  readonly fingerprint?: { readonly key: string; readonly of: (options: Options) => unknown };
  /** The section's JSON, in the catalogue's words. */
  readonly json: (core: ChartCore, options: Options, catalogue: Catalogue) => unknown;
}

/** The rules an option may be written with: a bounded integer, one of some strings, a boolean. */
type OptionRule = z.ZodInt | z.ZodEnum | z.ZodBoolean;

/** An option declared with {@link option}: a {@link SectionOption}, and its readers. */
export interface DeclaredOption<T, Default extends T | undefined> extends SectionOption {
  readonly default: Default;
  /**
   * The value sent, if it is of the option's type (a JSON value or its query-parameter text); undefined
   * when absent, or malformed (then an issue naming the option is pushed). An integer's range is
   * {@link breaks}'s.
   */
  readonly given: (read: ReadOption, issues: FieldIssue[]) => T | undefined;
  /** The issue a value of the option's type raises against its rule (an integer out of its range); none otherwise. */
  readonly breaks: (value: T) => readonly FieldIssue[];
  /** The value sent, checked against the whole rule (each issue pushed); the default when absent or bad. */
  readonly read: (read: ReadOption, issues: FieldIssue[]) => T | Default;
}

const INTEGER = /^-?\d+$/;

/**
 * An option's rule written once: `schema` (its type and range, described with `.meta({ description })`,
 * the member's words) and `default`; its JSON Schema member, its docs row (`doc`: the rule in docs/rest.md)
 * and its readers follow. In both texts `{range}` is the integer's bounds (`1–12`) and `{default}` the
 * default. Messages: `<name> must be an integer` (a malformed integer), `<name> must be an integer from
 * 1 to 12` (out of range), `<name> must be one of "a", "b"`, `<name> must be true or false`.
 */
export function option<S extends OptionRule, Default extends z.output<S> | undefined = undefined>(declared: {
  readonly name: string;
  readonly schema: S;
  readonly default?: Default;
  readonly doc: string;
  readonly mcp?: SectionOption['mcp'];
}): DeclaredOption<z.output<S>, Default> {
  type T = z.output<S>;
  const { name, schema, doc, mcp } = declared;
  const fallback = declared.default as Default;
  const bounds = schema.type === 'number' ? { minimum: schema.minValue ?? undefined, maximum: schema.maxValue ?? undefined } : undefined;
  const words = (text: string): string =>
    text.replaceAll('{range}', `${bounds?.minimum}–${bounds?.maximum}`).replaceAll('{default}', String(fallback));
  const description = schema.description;
  if (description === undefined) throw new Error(`option ${name}: describe its schema with .meta({ description })`);
  const shape: JsonSchema =
    schema.type === 'number'
      ? { type: 'integer', ...bounds }
      : schema.type === 'enum'
        ? { type: 'string', enum: [...schema.options] }
        : { type: 'boolean' };
  const given = (read: ReadOption, issues: FieldIssue[]): T | undefined => {
    const value = read(name);
    if (schema.type === 'number') {
      if (value === undefined) return undefined;
      if (typeof value === 'number' && Number.isInteger(value)) return value as T;
      if (typeof value === 'string' && INTEGER.test(value)) return Number(value) as T;
      issues.push({ field: name, message: `${name} must be an integer` });
      return undefined;
    }
    if (value === undefined || value === '') return undefined;
    if (schema.type === 'enum') {
      if ((schema.options as readonly unknown[]).includes(value)) return value as T;
      issues.push({ field: name, message: `${name} must be one of ${schema.options.map((v) => `"${String(v)}"`).join(', ')}` });
      return undefined;
    }
    if (value === true || value === 'true') return true as T;
    if (value === false || value === 'false') return false as T;
    issues.push({ field: name, message: `${name} must be true or false` });
    return undefined;
  };
  const breaks = (value: T): readonly FieldIssue[] =>
    bounds === undefined || schema.safeParse(value).success
      ? []
      : [{ field: name, message: `${name} must be an integer from ${bounds.minimum} to ${bounds.maximum}` }];
  return {
    name,
    member: { description: words(description), ...shape },
    doc: { type: shape['type'] as string, rule: words(doc) },
    ...(mcp === undefined ? {} : { mcp }),
    default: fallback,
    given,
    breaks,
    read: (read, issues) => {
      const value = given(read, issues);
      if (value === undefined) return fallback;
      const broken = breaks(value);
      issues.push(...broken);
      return broken.length === 0 ? value : fallback;
    },
  };
}
