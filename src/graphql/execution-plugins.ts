/**
 * Envelop plugins around execution.
 *
 * Variables coerced as graphql-js coerces them, ahead of graphql-jit (whose own variable compiler
 * ignores `$x: T = default`, and words its errors without the path or the allowed values):
 * graphql-js validates the raw variables first; its errors are answered with `extensions.code`
 * BAD_USER_INPUT and, for an enum, the allowed values. Valid variables go on to graphql-jit with the
 * declared defaults filled in, in the spelling it reads (enum names, not internal values). Variables
 * graphql-jit's compiled check accepts are ones graphql-js accepts too (a test compares them), so
 * only those it refuses are coerced by graphql-js, for its verdict and its wording.
 */
import {
  getNamedType,
  getOperationAST,
  getVariableValues,
  GraphQLEnumType,
  GraphQLError,
  isInputType,
  typeFromAST,
  valueFromASTUntyped,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql';
import { createRequire } from 'node:module';
import type { Plugin } from 'graphql-yoga';
import { refusals } from '../application/refusals.ts';
import type { GraphQLContext } from './builder.ts';

const ENUM_IN_MESSAGE = /does not exist in "(\w+)" enum|Enum "(\w+)" cannot represent|Expected type "?(\w+)"?/;

/** graphql-js's coercion error, coded, with the allowed values named when an enum is refused. */
function coded(schema: GraphQLSchema, error: GraphQLError): GraphQLError {
  const match = ENUM_IN_MESSAGE.exec(error.message);
  const typeName = match?.[1] ?? match?.[2] ?? match?.[3];
  const type = typeName === undefined ? undefined : schema.getType(typeName);
  const allowed =
    type instanceof GraphQLEnumType
      ? ` Allowed values: ${type
          .getValues()
          .map((value) => value.name)
          .join(', ')}.`
      : '';
  return new GraphQLError(`${error.message}${allowed}`, {
    nodes: error.nodes ?? null,
    extensions: { code: refusals.invalidVariables().code },
  });
}

function withDeclaredDefaults(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  raw: Record<string, unknown>,
): Record<string, unknown> {
  const filled = { ...raw };
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (filled[name] !== undefined || definition.defaultValue === undefined) continue;
    const type = typeFromAST(schema, definition.type);
    if (type !== undefined && isInputType(getNamedType(type))) filled[name] = valueFromASTUntyped(definition.defaultValue);
  }
  return filled;
}

/** graphql-jit's compiled coercion of an operation's variables: `errors` when it refuses them. */
type QuickCheck = (input: Record<string, unknown>) => { readonly errors?: readonly unknown[] };

// graphql-jit's ESM build does not load its internal modules by path; its CommonJS one does (the
// same `graphql` instance: graphql 16 is CommonJS under Node either way).
const { compileVariableParsing } = createRequire(import.meta.url)('graphql-jit/dist/variables') as {
  compileVariableParsing: (schema: GraphQLSchema, definitions: readonly VariableDefinitionNode[]) => QuickCheck;
};

/** Each operation's quick check, compiled once (the direct path keeps documents, so the same node comes back); null: not compilable. */
const quickChecks = new WeakMap<OperationDefinitionNode, QuickCheck | null>();

/**
 * graphql-jit's coercion of the variables: ~0.3 µs against graphql-js's ~6 µs for the chart's input.
 * It refuses whatever graphql-js refuses (test/graphql/variables-quick-check.test.ts compares the two
 * over random values of every argument type of the schema), so variables it accepts skip graphql-js;
 * those it refuses go to graphql-js, whose verdict and wording stand.
 */
function quickCheckOf(schema: GraphQLSchema, operation: OperationDefinitionNode): QuickCheck | null {
  let check = quickChecks.get(operation);
  if (check === undefined) {
    try {
      check = compileVariableParsing(schema, operation.variableDefinitions ?? []);
    } catch {
      check = null;
    }
    quickChecks.set(operation, check);
  }
  return check;
}

/** The variables as graphql-js coerces them (declared defaults filled in), or its coded errors. */
export function coerceVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  raw: Record<string, unknown>,
  quickly = true,
): { readonly values: Record<string, unknown> } | { readonly errors: readonly GraphQLError[] } {
  const definitions = operation.variableDefinitions ?? [];
  if (definitions.length === 0) return { values: raw };
  const quick = quickly ? quickCheckOf(schema, operation) : null;
  if (quick === null || quick(raw).errors !== undefined) {
    const coerced = getVariableValues(schema, definitions, raw, { maxErrors: 50 });
    if (coerced.errors !== undefined) return { errors: coerced.errors.map((error) => coded(schema, error)) };
  }
  return { values: withDeclaredDefaults(schema, operation, raw) };
}

/** The operation's name as the access log records it. */
export const operationLabel = (operation: OperationDefinitionNode | null | undefined): string => operation?.name?.value ?? 'anonymous';

// tsc types `args` as envelop's ExecutionArgs; tsgolint's bundled TypeScript resolves envelop's
// graphql types to `any`, and would flag every use of them.
/* oxlint-disable typescript/no-unsafe-argument, typescript/no-unsafe-return */
export const variablesAsGraphqlJs: Plugin = {
  onExecute: ({ args, executeFn, setExecuteFn, setResultAndStopExecution }) => {
    const operation = getOperationAST(args.document, args.operationName) ?? undefined;
    if (operation === undefined || (operation.variableDefinitions ?? []).length === 0) return;
    // graphql-js's coercion alone: an operation here is parsed anew for each request (only the
    // direct path keeps documents), so a compiled quick check would be compiled for one use.
    const coerced = coerceVariables(args.schema, operation, (args.variableValues ?? {}) as Record<string, unknown>, false);
    if ('errors' in coerced) {
      setResultAndStopExecution({ errors: coerced.errors });
      return;
    }
    setExecuteFn((executeArgs) => executeFn({ ...executeArgs, variableValues: coerced.values }));
  },
};

/** The operation's name goes into the request's access-log line (before the variables are checked, so a refusal names it too). */
export const noteOperationName: Plugin<GraphQLContext> = {
  onExecute: ({ args }) => {
    args.contextValue.identity.note({ operation: operationLabel(getOperationAST(args.document, args.operationName)) });
  },
};
/* oxlint-enable typescript/no-unsafe-argument, typescript/no-unsafe-return */
