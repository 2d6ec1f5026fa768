/**
 * A paid operation as every protocol serves it, declared once: the application's operation
 * (validate, compute, fingerprint), its price setting, its REST paths with their OpenAPI
 * description, its MCP tool, and its GraphQL mutation field. The protocols derive their surfaces
 * from the registry (`./index.ts`): the REST router, the metric route labels, the OpenAPI paths,
 * the MCP tool list, the GraphQL per-operation cap on paid fields and the prices in every served
 * description.
 */
import type { PresentContext } from '../../application/paid/paid-operation.ts';
import type { Outcome } from '../../application/outcome.ts';
import type { Paid, PaidOperation } from '../../application/paid/paid-operation.ts';
import type { ChargeReceipt } from '../../application/ports/credit-store.ts';
import type { JsonSchema, RequestField } from '../../domain/chart/request-contract.ts';
import type { Variant } from '../../domain/chart/variants.ts';
import type { QueryInput } from '../query.ts';

export type HttpMethod = 'GET' | 'POST';

/** What a REST request carried, read by the HTTP layer. */
export interface RestRequest {
  readonly method: HttpMethod;
  /** The query string read with the endpoint's `queryFields`. */
  readonly query: QueryInput;
  /** The parsed JSON body of a POST; undefined for a GET. */
  readonly body: unknown;
}

/** The operation's input and presenter for one request, and a body credential where the channel exists. */
export interface Read<Input, Cast> {
  readonly input: Input;
  /** `context`: who it is for (the paid pipeline's; absent for an in-process caller). */
  readonly present: (cast: Cast, context?: PresentContext) => unknown;
  /** Variant A's `api_key` body member (POST); null where none was sent or the channel does not exist. */
  readonly bodyKey?: string | null;
}

/** A success answer on the wire: its text or bytes, or a JSON value the route serializes (in slices when it holds long arrays). */
export type RestAnswer =
  | {
      readonly contentType: 'application/json' | `${string}; charset=utf-8` | 'application/pdf';
      /** Text, or bytes (a PDF). */
      readonly body: string | Buffer;
      readonly headers?: Readonly<Record<string, string>>;
    }
  | {
      readonly contentType: 'application/json';
      readonly json: unknown;
      readonly headers?: Readonly<Record<string, string>>;
    };

export interface RestEndpoint<Input, Cast> {
  readonly path: string;
  /** Methods served, in the order the 405 names them; any other (HEAD too: a GET spends credits) is a 405. */
  readonly methods: readonly HttpMethod[];
  /** Whose key channels and precedence (docs/rest.md, Credentials). */
  readonly credentials: Variant;
  /** The request fields the query string may carry (`api_key` among them when it is a channel). */
  readonly queryFields: readonly RequestField[];
  read(request: RestRequest): Read<Input, Cast>;
  answer(paid: Paid<unknown>): RestAnswer;
  /** The path's OpenAPI operation objects by method, for a call that costs `price` credits. */
  openapi(price: number): Readonly<Record<string, object>>;
}

/** The answer to a tool call: the presented result, and the envelope a paid call wraps it in. */
export interface ToolRead<Input, Cast> extends Read<Input, Cast> {
  readonly envelope: (result: unknown, receipt: ChargeReceipt) => object;
  /** The tool result's `_meta` once the answer is presented (the chart tools: the answer's version). */
  readonly meta?: () => Record<string, unknown>;
  /**
   * A file the answer carries beside its JSON (the report's PDF), as an embedded resource: `present`
   * answers what the JSON says of it, this the bytes, once presented.
   */
  readonly attachment?: () => { readonly uri: string; readonly mimeType: string; readonly blob: string } | undefined;
}

export interface McpTool<Input, Cast> {
  readonly name: string;
  readonly title: string;
  /** What the tool does; `cost` is the sentence on what a call costs (paid) or that it is free (local). */
  description(cost: string, paid: boolean): string;
  readonly inputSchema: JsonSchema;
  /** Only where it helps an assistant (a large schema costs its context on every session). */
  outputSchema?(paid: boolean): JsonSchema;
  /** The arguments (a JSON object) as the operation's input, or a refusal naming the argument. */
  read(args: Record<string, unknown>): Outcome<ToolRead<Input, Cast>>;
}

/**
 * The GraphQL mutation field. `typed`: the field is defined with its own types in src/graphql/schema
 * (a test checks it exists). Without it, the GraphQL layer serves the operation generically:
 * `<field>(input: JSON!, idempotencyKey: String)` answering the credit fields and the REST `result`.
 */
export interface GraphqlField {
  readonly field: string;
  readonly typed: boolean;
  /** For a generic field: its description (the price is added). */
  readonly description?: string;
}

export interface OperationDeclaration<Input = never, Order = unknown, Cast = never> {
  /** The application's operation; its name is the key of its price. */
  readonly operation: PaidOperation<Input, Order, Cast>;
  /** The environment setting of its price, and the default. */
  readonly price: { readonly setting: string; readonly default: number };
  readonly rest: readonly RestEndpoint<Input, Cast>[];
  readonly mcp?: McpTool<Input, Cast>;
  /** Further MCP tools over the same operation, each answering a part of it (charged as the operation). */
  readonly mcpViews?: readonly McpTool<Input, Cast>[];
  readonly graphql: GraphqlField;
}

/** An operation whatever its types: what the protocols iterate over. */
export type AnyOperationDeclaration = OperationDeclaration<any, any, any>;

/** The sentence on a paid call's price, the same on every protocol. */
export const priceText = (price: number): string => `${price} credits (enterprise: none)`;
