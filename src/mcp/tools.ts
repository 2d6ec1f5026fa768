/**
 * The MCP tools: the chart (either variant, every option and opt-in section), the solar
 * terms of a year, and 相性. Their input and output JSON Schemas are the OpenAPI document's
 * component schemas (the REST contract, itself derived from the request contract GraphQL shares),
 * so MCP, REST and GraphQL describe one API.
 *
 * Two ways to run a tool:
 * - `paid` (Streamable HTTP at /mcp): through the one paid-operation pipeline with the caller's key,
 *   answering REST's body (envelope and result), charged exactly like REST;
 * - `local` (stdio, `npm run -s mcp`): the same validation and computation unpaid, answering the
 *   `result` alone, like the CLI.
 */
import { errorBody, type DomainError } from '../application/errors.ts';
import { refusals } from '../application/refusals.ts';
import type { PaidCall, PaidOperationRunner } from '../application/paid/paid-operation.ts';
import type { ReportRenderer } from '../application/ports/report-renderer.ts';
import { isPlainObject } from '../domain/plain-object.ts';
import '../application/places-data.ts';
import { answerArguments, freeToolInputSchema, type FreeOperationDeclaration } from '../wire/operations/free.ts';
import type { Outcome } from '../application/outcome.ts';
import type { AnyOperationDeclaration, McpTool, ToolRead } from '../wire/operations/declaration.ts';
import { priceText } from '../wire/operations/declaration.ts';
import { freeOperations, operationPrices, paidOperations } from '../wire/operations/index.ts';
import { once } from '../application/registry.ts';
import { compactSchema } from './compact-schema.ts';

type JsonSchema = Record<string, unknown>;

/** A file a tool answers beside its JSON (the report's PDF): an embedded resource, base64. */
type EmbeddedFile = { type: 'resource'; resource: { uri: string; mimeType: string; blob: string } };

/** An MCP tool result: the answer as text and as structured content (and a file, for the report), or our error body. */
export interface ToolResult {
  readonly [key: string]: unknown;
  readonly content: [{ type: 'text'; text: string }, ...EmbeddedFile[]];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  /** Only where it helps an assistant: the chart's answer is REST's body, described by /openapi.json (26 KB as a schema). */
  readonly outputSchema?: JsonSchema;
  /** A hint at its default (`readOnlyHint` and `idempotentHint` false) is left out: the list is read on every session. */
  readonly annotations: { readonly readOnlyHint?: true; readonly idempotentHint?: true; readonly openWorldHint: false };
}

/**
 * How tools run: paid through the pipeline (HTTP, at the configured prices), or computed locally
 * without a charge (stdio).
 */
export type ToolMode =
  | {
      readonly kind: 'paid';
      readonly paid: PaidOperationRunner;
      readonly call: PaidCall;
      readonly prices: Readonly<Record<string, number>>;
    }
  | { readonly kind: 'local'; readonly reports: ReportRenderer };

type PaidTool = { readonly declaration: AnyOperationDeclaration; readonly tool: McpTool<any, any> };

/** The paid operations that have a tool, by tool name. */
const paidTools = once(
  (): ReadonlyMap<string, PaidTool> =>
    new Map(
      paidOperations().flatMap((declaration) =>
        [...(declaration.mcp === undefined ? [] : [declaration.mcp]), ...(declaration.mcpViews ?? [])].map(
          (tool) => [tool.name, { declaration, tool }] as const,
        ),
      ),
    ),
);

/** The free operations that have a tool, by tool name. */
const freeTools = once(
  (): ReadonlyMap<string, FreeOperationDeclaration> =>
    new Map(freeOperations().flatMap((free) => (free.mcp === undefined ? [] : [[free.mcp.name, free] as const]))),
);

/** A free operation's tool: the same in either mode (read-only, idempotent). */
const freeToolDefinition = (free: FreeOperationDeclaration): ToolDefinition => ({
  name: free.mcp!.name,
  title: free.mcp!.title,
  description: free.mcp!.description,
  inputSchema: compactSchema(freeToolInputSchema(free)),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
});

/** The tool list of each price list (paid) or of the local mode, built once each. */
const TOOL_DEFINITIONS = new WeakMap<object, ToolDefinition[]>();
const LOCAL = {};
const defaultPrices = once(() => operationPrices({}));
/** The tools of a mode; paid ones priced by `prices` (each operation's default price without). */
export const toolDefinitions = (kind: ToolMode['kind'], prices: Readonly<Record<string, number>> = defaultPrices()): ToolDefinition[] => {
  const key = kind === 'paid' ? prices : LOCAL;
  let tools = TOOL_DEFINITIONS.get(key);
  if (tools === undefined) {
    tools = buildToolDefinitions(kind === 'paid' ? prices : null);
    TOOL_DEFINITIONS.set(key, tools);
  }
  return tools;
};

/** The chart's tool first, then the free operations' tools, then the other paid tools, each in registration order. */
function buildToolDefinitions(prices: Readonly<Record<string, number>> | null): ToolDefinition[] {
  const paid = prices !== null;
  const definitions = [...paidTools().values()].map(({ declaration, tool }): ToolDefinition => {
    const price = prices?.[declaration.operation.name] ?? declaration.price.default;
    const cost = paid ? ` Costs ${priceText(price)} a call; errors are free.` : ' Free (local).';
    const outputSchema = tool.outputSchema?.(paid);
    return {
      name: tool.name,
      title: tool.title,
      description: tool.description(cost, paid),
      inputSchema: compactSchema(tool.inputSchema),
      ...(outputSchema === undefined ? {} : { outputSchema }),
      // A paid call spends credits (not read-only) and a second one spends again (not idempotent).
      annotations: paid ? { openWorldHint: false } : { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    };
  });
  return [...definitions.slice(0, 1), ...[...freeTools().values()].map(freeToolDefinition), ...definitions.slice(1)];
}

/** Results whose structured content is their first text's JSON (made by `ok`): written without serializing the answer again. */
const TEXT_IS_STRUCTURED = new WeakSet<ToolResult>();

const ok = (
  value: Record<string, unknown>,
  meta: Record<string, unknown> = {},
  file?: { readonly uri: string; readonly mimeType: string; readonly blob: string },
): ToolResult => {
  const result: ToolResult = {
    content: [
      { type: 'text', text: JSON.stringify(value) },
      ...(file === undefined ? [] : [{ type: 'resource' as const, resource: { ...file } }]),
    ],
    structuredContent: value,
    ...(Object.keys(meta).length === 0 ? {} : { _meta: meta }),
  };
  TEXT_IS_STRUCTURED.add(result);
  return result;
};

/** A CallToolResult's members in the order of the SDK's schema, which its answers follow; any other member after them. */
const RESULT_MEMBERS: readonly string[] = ['_meta', 'content', 'structuredContent', 'isError'];

/**
 * A tool result's JSON exactly as the SDK writes it (it re-reads every result through its
 * CallToolResult schema, so members come in the schema's order), with the answer serialized once:
 * the structured content of `ok`'s results is the text already made.
 */
export function toolResultJson(result: ToolResult): string {
  const members: string[] = [];
  const write = (key: string, value: unknown): void => {
    if (value !== undefined) members.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
  };
  write('_meta', result['_meta']);
  write('content', result.content);
  if (result.structuredContent !== undefined) {
    members.push(
      `"structuredContent":${TEXT_IS_STRUCTURED.has(result) ? result.content[0].text : JSON.stringify(result.structuredContent)}`,
    );
  }
  write('isError', result.isError);
  for (const key of Object.keys(result)) if (!RESULT_MEMBERS.includes(key)) write(key, result[key]);
  return `{${members.join(',')}}`;
}
/** Our error body (`status`, `message`, `code`) as an MCP tool error. */
export const toolError = (error: DomainError): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(errorBody(error)) }],
  isError: true,
});

/** Runs a tool by name; refusals come back as tool errors, anything else thrown is for the caller. */
export async function callTool(name: string, args: unknown, mode: ToolMode): Promise<ToolResult> {
  const input = isPlainObject(args) ? args : {};
  const free = freeTools().get(name);
  if (free !== undefined) {
    const answer = answerArguments(free, input);
    return answer.ok ? ok({ ...answer.answer }) : toolError(refusals.invalidRequest(answer.issues));
  }
  const found = paidTools().get(name);
  if (found === undefined) {
    const names = [...paidTools().keys(), ...freeTools().keys()];
    return toolError(refusals.invalidField('name', `unknown tool "${name}": ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`));
  }
  const { operation } = found.declaration;
  const read: Outcome<ToolRead<unknown, unknown>> = found.tool.read(input);
  if (!read.ok) return toolError(read.error);
  const { input: operationInput, present, envelope, meta, attachment } = read.value;
  if (mode.kind === 'local') {
    const order = operation.validate(operationInput);
    if (!order.ok) return toolError(order.error);
    const presented = (await present(operation.compute(order.value), { accountId: '', reports: mode.reports })) as object;
    return ok({ ...presented }, meta?.(), attachment?.());
  }
  const outcome = await mode.paid.run(operation, operationInput, mode.call, present);
  return outcome.ok ? ok({ ...envelope(outcome.value.result, outcome.value.receipt) }, meta?.(), attachment?.()) : toolError(outcome.error);
}
