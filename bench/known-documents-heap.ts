/**
 * The heap a GraphQL document kept for keyed callers costs (graphql/known-documents.ts sizes its
 * bound with these figures): graphql-jit compiles 20 unique documents of 1, 3 and 10 aliases of the
 * full Variant B selection, kept alive, and the heap growth per document is printed beside the
 * estimate KnownDocuments makes of it. Run: `node --expose-gc bench/known-documents-heap.ts`.
 */
import { readFileSync } from 'node:fs';
import { parse, type GraphQLSchema } from 'graphql';
import { KnownDocuments } from '../src/graphql/known-documents.ts';
import { createGraphQLServer } from '../src/graphql/server.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const schema = createGraphQLServer({ production: false }).getEnveloped({} as never).schema as GraphQLSchema;
const full = readFileSync(new URL('../test/graphql/operations/calculate-full.graphql', import.meta.url), 'utf8');
const all = full.slice(full.indexOf('fragment Envelope'));
const unusedA = all.indexOf('fragment FullResultA');
const fragments = all.slice(0, unusedA) + all.slice(all.indexOf('\nfragment ', unusedA));
const document = (n: number, aliases: number): string =>
  `mutation M${n}($input: CalculateInput!) { ${Array.from(
    { length: aliases },
    (_, i) => `a${i}: calculate(input: $input, variant: B) { ... on VariantBResponse { ...Envelope result { ...FullResultB } } }`,
  ).join(' ')} } ${fragments}`;

for (const aliases of [1, 3, 10]) {
  const known = new KnownDocuments();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let n = 0; n < 20; n++) {
    const query = document(n, aliases);
    known.remember(query, parse(query), schema);
  }
  gc();
  const measured = (process.memoryUsage().heapUsed - before) / 20;
  console.log(
    `${aliases} alias(es): ${(measured / 1024).toFixed(0)} KB measured per document, ${(known.bytes / 20 / 1024).toFixed(0)} KB estimated`,
  );
}
