/** A declaration that says its GraphQL field is typed (defined in src/graphql/schema) names a field that exists. */
import { GraphQLInterfaceType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { chartSections } from '../../../src/wire/chart-sections.ts';
import { paidOperations } from '../../../src/wire/operations/index.ts';

describe('typed GraphQL fields of the registries', () => {
  const schema = schemaFor();

  it('every paid operation with a typed field is a Mutation field, priced in its description', () => {
    const mutations = schema.getMutationType()!.getFields();
    for (const { operation, graphql, price } of paidOperations()) {
      expect(graphql.typed, operation.name).toBe(true);
      expect(mutations[graphql.field], operation.name).toBeDefined();
      expect(mutations[graphql.field]!.description, operation.name).toContain(`${price.default} credits`);
      expect(mutations[graphql.field]!.description).not.toContain('⟦');
    }
  });

  it('every section with a typed field is a field of ChartResult, so of both variants', () => {
    const chartResult = schema.getType('ChartResult') as GraphQLInterfaceType;
    for (const { name, graphql } of chartSections()) {
      expect(graphql.typed, name).toBe(true);
      expect(chartResult.getFields()[graphql.field], name).toBeDefined();
    }
    expect(
      schema
        .getImplementations(chartResult)
        .objects.map((type) => type.name)
        .sort(),
    ).toEqual(['VariantAResult', 'VariantBResult']);
  });

  it('a price list gives its own schema with those prices', () => {
    const priced = schemaFor({ chart: 15, compatibility: 40 });
    expect(priced.getMutationType()!.getFields()['calculate']!.description).toContain('(15 credits; enterprise 0)');
    expect(priced.getMutationType()!.getFields()['compatibility']!.description).toContain('(40 credits; enterprise 0)');
    expect(schemaFor().getMutationType()!.getFields()['calculate']!.description).toContain('(10 credits; enterprise 0)');
  });
});
