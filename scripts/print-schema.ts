/** `npm run schema:print`: writes schema.graphql (sorted SDL of the Pothos schema). */
import { writeFileSync } from 'node:fs';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schemaFor } from '../src/graphql/schema/index.ts';

export const printedSchema = (): string => `${printSchema(lexicographicSortSchema(schemaFor()))}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../schema.graphql', import.meta.url), printedSchema());
  console.log('wrote schema.graphql');
}
