/**
 * Composition root. The GraphQL gateway and REST shims are not built yet; until they are, `npm start`
 * says so and points at the CLI, which reaches the same domain code.
 */
console.log(`four-pillars: the HTTP gateway (GraphQL /graphql, REST /v1/calculate and /api/v1/calculate) is not built yet.
Use the CLI meanwhile:
  npm run -s bazi -- terms 2024
  echo '{"year":2024,"month":2,"day":4,"time":"17:27","location":139.69}' | npm run -s bazi -- chart --variant B`);
