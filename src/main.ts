/**
 * Composition root: configuration, the credit store and the services, wired once.
 * The HTTP gateway (GraphQL, REST) is not built yet; until it is, `npm start` opens the configured
 * credit store (printing the demo key of the embedded one), says what is missing and exits.
 */
import { openCreditStore } from './adapters/create-credit-store.js';
import { ConfigError, loadConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const store = await openCreditStore(config, { print: (line) => console.log(line) });
  console.log(`four-pillars: the HTTP gateway (GraphQL /graphql, REST /v1/calculate and /api/v1/calculate) is not built yet.
Use the CLIs meanwhile:
  npm run -s bazi -- terms 2024
  echo '{"year":2024,"month":2,"day":4,"time":"17:27","location":139.69}' | npm run -s bazi -- chart --variant B
  npm run -s admin -- create-account --plan standard --monthly 1000   (with REDIS_URL set)`);
  await store.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
