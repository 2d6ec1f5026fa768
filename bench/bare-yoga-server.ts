/** Child process: a bare graphql-yoga server answering a trivial mutation — the GraphQL ceiling. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';

const yoga = createYoga({
  schema: createSchema({
    typeDefs: 'type Query { ok: Boolean! } type Mutation { echo(n: Int!): Int! }',
    resolvers: { Query: { ok: () => true }, Mutation: { echo: (_: unknown, { n }: { n: number }) => n } },
  }),
  logging: false,
  graphiql: false,
});
const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => void yoga(req, res));
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
