/**
 * The schema: importing each concept's module registers its types and fields on the builder; the
 * registered operations and sections without typed fields get generic ones; the configured prices
 * are written into the descriptions. Built once per price list.
 */
import { type GraphQLSchema } from 'graphql';
import { operationPrices } from '../../wire/operations/index.ts';
import { once } from '../../application/registry.ts';
import { builder } from '../builder.ts';
import './account.ts';
import './analysis.ts';
import './answer-version.ts';
import './calculate.ts';
import './certainty.ts';
import './chart-svg.ts';
import './compatibility.ts';
import './evidence.ts';
import './luck.ts';
import './lunar.ts';
import './palaces.ts';
import './pillars-to-dates.ts';
import './places.ts';
import './report.ts';
import './solar-terms.ts';
import './subjects.ts';
import './special-stars.ts';
import './terms.ts';
import './timeline.ts';
import './void-periods.ts';
import { defineRegisteredFields, withPrices } from './registered.ts';

const SCHEMAS = new WeakMap<object, GraphQLSchema>();
const defaultPrices = once(() => operationPrices({}));

/** The schema for these prices (each operation's default without). */
export function schemaFor(prices: Readonly<Record<string, number>> = defaultPrices()): GraphQLSchema {
  let schema = SCHEMAS.get(prices);
  if (schema === undefined) {
    defineRegisteredFields();
    schema = builder.toSchema({ sortSchema: true });
    for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
      if (field.description != null) field.description = withPrices(field.description, prices);
    }
    SCHEMAS.set(prices, schema);
  }
  return schema;
}
