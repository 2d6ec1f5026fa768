/**
 * The GraphQL side of the registries (wire/operations, wire/chart-sections): a paid operation or
 * an opt-in section without a typed definition in this folder is served generically — an
 * operation as `<field>(input: JSON!, idempotencyKey: String)` answering the credit fields and its
 * REST `result` as JSON, a section as a JSON field on `ChartResult` — so a declaration appears on
 * GraphQL the moment it is registered. Typed definitions (`calculate`, `luck`, …) replace these
 * where a client deserves real types; a test checks each declared typed field exists. A section
 * declared with a shape (wire/shapes) gets its object type from the shape, without a file here.
 */
import { GraphQLScalarType } from 'graphql';
import { chartSections } from '../../wire/chart-sections.ts';
import { paidOperations } from '../../wire/operations/index.ts';
import { variantBEnvelope, type VariantBEnvelope } from '../../wire/envelope.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import { credentialsOf, resolveOutcome } from '../resolve.ts';
import { ChargedResponseType } from './calculate.ts';
import { ChartResultType } from './chart-result.ts';
import { PRICE_TOKEN, priceToken } from './price-token.ts';

/** Any JSON value, as it is (only generic fields use it, so the default schema does not carry it). */
const jsonScalar = () =>
  builder.addScalarType(
    'JSON' as never,
    new GraphQLScalarType({
      name: 'JSON',
      description: 'Any JSON value (a registered operation or section served before it has GraphQL types of its own).',
      serialize: (value) => value,
      parseValue: (value) => value,
    }),
  );

let defined = false;

/** Defines the generic fields of the registered operations and sections that have no typed ones (once). */
export function defineRegisteredFields(): void {
  if (defined) return;
  defined = true;
  const sections = chartSections().filter((section) => !section.graphql.typed);
  const operations = paidOperations().filter((declaration) => !declaration.graphql.typed);
  if (sections.length === 0 && operations.length === 0) return;
  const needsJson = sections.some((section) => section.shape === undefined) || operations.length > 0;
  const Json = (needsJson ? jsonScalar() : undefined) as unknown as 'String';
  for (const section of sections) {
    // A section with a shape has its object type; any other is served as JSON.
    const type = section.shape === undefined ? Json : (objectTypeOf<object>(section.shape) as unknown as 'String');
    builder.interfaceField(ChartResultType, section.graphql.field, (t) =>
      t.field({
        type,
        description: `${section.graphql.description ?? `The \`${section.name}\` section as REST's \`include=${section.name}\` appends it.`} Computed only when selected; no extra charge.`,
        resolve: (v) =>
          section.json(
            v.core,
            section.readOptions?.(() => undefined, [], true),
            v.catalogue,
          ) as string,
      }),
    );
  }
  const GenericResponse = builder.objectRef<VariantBEnvelope<unknown>>('PaidResult').implement({
    description: 'A paid operation’s answer: the credit fields and its REST `result` as JSON.',
    interfaces: [ChargedResponseType],
    fields: (t) => ({ result: t.field({ type: Json, description: 'The REST `result`.', resolve: (e) => e.result as string }) }),
  });
  for (const declaration of operations) {
    const tool = declaration.mcp;
    if (tool === undefined)
      throw new Error(`paid operation "${declaration.operation.name}": a generic GraphQL field reads its input as its MCP tool does`);
    builder.mutationField(declaration.graphql.field, (t) =>
      t.field({
        type: GenericResponse,
        nullable: true,
        description: `${declaration.graphql.description ?? tool.description('', true)} Costs ${priceToken(declaration.operation.name)} credits (enterprise: none); no error charges.`,
        args: {
          input: t.arg({ type: Json, required: true, description: 'The arguments, as the MCP tool takes them.' }),
          idempotencyKey: t.arg.string({
            description: 'Retry key: the same key and input within 24 h replays the first answer without charging.',
          }),
        },
        resolve: (_root, args, context) =>
          resolveOutcome(context, async () => {
            const read = tool.read((args.input ?? {}) as unknown as Record<string, unknown>);
            if (!read.ok) return read;
            return context.services.paid.run(
              declaration.operation,
              read.value.input,
              { credentials: credentialsOf(context), idempotencyKey: args.idempotencyKey, identity: context.identity },
              read.value.present,
            );
          }).then(({ result, receipt }) => variantBEnvelope(result, receipt)),
      }),
    );
  }
}

/** Every price token in a description, replaced by the price (the default where the list has none). */
export const withPrices = (text: string, prices: Readonly<Record<string, number>>): string =>
  text.replace(PRICE_TOKEN, (_token, name: string) =>
    String(prices[name] ?? paidOperations().find((d) => d.operation.name === name)?.price.default),
  );
