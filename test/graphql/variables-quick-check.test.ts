/**
 * The GraphQL variables' quick check (graphql/execution-plugins.ts): variables graphql-jit's
 * compiled coercion accepts skip graphql-js's coercion, so jit must refuse everything graphql-js
 * refuses. Compared here over random values — valid ones and every kind of wrong one — for every
 * argument of every root field of the schema, with and without declared defaults.
 */
import { createRequire } from 'node:module';
import {
  getNamedType,
  getNullableType,
  getVariableValues,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  parse,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  typeFromAST,
  type VariableDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schemaFor } from '../../src/graphql/schema/index.ts';

const { compileVariableParsing } = createRequire(import.meta.url)('graphql-jit/dist/variables') as {
  compileVariableParsing: (
    schema: GraphQLSchema,
    definitions: readonly VariableDefinitionNode[],
  ) => (input: Record<string, unknown>) => { errors?: unknown[] };
};

/** A seeded generator, so a failure is the same failure on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
}

const ODD_VALUES: readonly unknown[] = [
  null,
  '',
  'x',
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  true,
  false,
  [],
  {},
  [1],
  { a: 1 },
];

/**
 * A value for `type`. Clean (`noise` 0): always of the right kind, so some whole inputs pass; noisy:
 * often a wrong one (wrong kind, null where not allowed, unknown member, out of range).
 */
function valueOf(type: GraphQLInputType, next: () => number, noise: number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const wrong = (): boolean => next() < noise;
  if (wrong()) return pick(ODD_VALUES);
  if (isNonNullType(type)) return valueOf(type.ofType, next, noise, depth);
  if (next() < 0.05) return null;
  if (isListType(type)) {
    if (next() < 0.2) return valueOf(type.ofType, next, noise, depth + 1); // a single value stands for a list of one
    return Array.from({ length: Math.floor(next() * 4) }, () => valueOf(type.ofType, next, noise, depth + 1));
  }
  if (isEnumType(type)) {
    const names = type.getValues().map((value) => value.name);
    return wrong() ? pick([...names.map((name) => name.toLowerCase()), 'NOPE', 1]) : pick(names);
  }
  if (isScalarType(type)) {
    const [right, other] = SCALARS[type.name] ?? SCALARS['String']!;
    return wrong() ? pick(other) : pick(right);
  }
  if (isInputObjectType(type)) {
    const object: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(type.getFields())) {
      const required = isNonNullType(field.type) && field.defaultValue === undefined;
      if (required ? !wrong() : next() < 0.5) object[name] = depth > 3 ? null : valueOf(field.type, next, noise, depth + 1);
    }
    if (wrong()) object['notAField'] = 1;
    return object;
  }
  return null;
}

/** Per scalar: values of its kind, and values of another kind or out of its range. */
const SCALARS: Readonly<Record<string, readonly [readonly unknown[], readonly unknown[]]>> = {
  Int: [
    [0, 1, -7, 1990, 2 ** 31 - 1, -(2 ** 31)],
    [2 ** 31, 1.25, '12', true, Number.NaN],
  ],
  Float: [
    [0, 1.5, -120.25, 139.69, 1e308, 12],
    ['1.5', Number.NaN, Number.POSITIVE_INFINITY, true],
  ],
  Boolean: [
    [true, false],
    ['true', 0, 1],
  ],
  String: [
    ['10:30', '1990-05-15', 'Asia/Tokyo', '東京都', '', 'ja'],
    [12, true, 1.5],
  ],
  ID: [
    ['a', '12', 12],
    [true, 1.5],
  ],
  YearSpan: [
    ['1950-2099', '2000-2010', 2026],
    ['x', '2099-1950', 1.5, true, ''],
  ],
};

/** `$name: Type` for every argument of every root field, each as one operation (with the argument's default, when it has one, half the time). */
function operations(schema: GraphQLSchema): { name: string; operation: OperationDefinitionNode }[] {
  const found: { name: string; operation: OperationDefinitionNode }[] = [];
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    if (root === null || root === undefined) continue;
    for (const field of Object.values(root.getFields())) {
      if (field.args.length === 0) continue;
      for (const withDefaults of [false, true]) {
        const definitions = field.args.map((arg) => {
          const named = getNamedType(arg.type);
          const enumDefault =
            withDefaults && isEnumType(named) && getNullableType(arg.type) === named ? ` = ${named.getValues()[0]!.name}` : '';
          return `$${arg.name}: ${String(arg.type)}${enumDefault}`;
        });
        const document = parse(`query Q(${definitions.join(', ')}) { __typename }`);
        found.push({
          name: `${root.name}.${field.name}${withDefaults ? ' (enum defaults)' : ''}`,
          operation: document.definitions[0] as OperationDefinitionNode,
        });
      }
    }
  }
  return found;
}

describe('graphql-jit refuses whatever graphql-js refuses in our variables', () => {
  const schema = schemaFor();
  const cases = operations(schema);

  it('covers every root field with arguments', () => {
    expect(cases.length).toBeGreaterThan(10);
    expect(cases.map((entry) => entry.name)).toContain('Mutation.calculate');
  });

  it.each(cases.map((entry) => [entry.name, entry.operation] as const))('%s', (_name, operation) => {
    const definitions = operation.variableDefinitions ?? [];
    const jit = compileVariableParsing(schema, definitions);
    const next = random(20_261_127 + definitions.length * 7_919);
    const verdicts = { accepted: 0, refused: 0 };
    for (let i = 0; i < 400; i++) {
      const variables: Record<string, unknown> = {};
      // Every other case clean (each value of its kind), so whole inputs pass too; the rest noisy.
      const noise = i % 2 === 0 ? 0 : 0.12;
      for (const definition of definitions) {
        if (noise === 0 || next() < 0.9)
          variables[definition.variable.name.value] = valueOf(typeFromAST(schema, definition.type) as GraphQLInputType, next, noise);
      }
      const byJs = getVariableValues(schema, definitions, variables, { maxErrors: 50 });
      const byJit = jit(variables);
      if (byJit.errors === undefined) {
        // What graphql-js would have refused must not get through.
        expect({ variables, refusedByJs: byJs.errors?.map((error) => error.message) }).toEqual({ variables, refusedByJs: undefined });
        verdicts.accepted++;
      } else verdicts.refused++;
    }
    // The values reach both sides of the line.
    expect(verdicts.accepted).toBeGreaterThan(0);
    expect(verdicts.refused).toBeGreaterThan(0);
  });
});
