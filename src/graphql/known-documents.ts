/**
 * Documents of keyed callers, parsed, validated and compiled by graphql-jit once, kept by their
 * exact text and bounded in bytes (KNOWN_DOCUMENTS_MAX_BYTES, by an estimate of each one's heap):
 * shared by the HTTP layer's direct path (http/graphql-fast-path.ts), which runs a known document
 * without envelop, and by yoga, whose `compiledExecution` plugin runs a keyed caller's document on the
 * same compiled query. Nothing an anonymous caller sends is kept or compiled
 * (graphql/anonymous-documents.ts): it runs on graphql-js, and is gone with its request.
 */
import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  type ExecutionResult,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { makeExecute, type Plugin } from 'graphql-yoga';
import type { GraphQLContext } from './builder.ts';

/** Documents kept by KnownDocuments before it starts afresh (a client sending ever-new texts cannot grow it). */
const MAX_KNOWN_DOCUMENTS = 1_000;
/**
 * What KnownDocuments may keep, by its estimate of each document's heap (its text, its tree, and the
 * code graphql-jit compiled for it): past it, it starts afresh. Only keyed callers' documents are kept.
 */
export const KNOWN_DOCUMENTS_MAX_BYTES = 64 * 1024 * 1024;
/**
 * The heap a kept document costs, measured by bench/known-documents-heap.ts (1, 3 and 10 aliases of
 * the full Variant B selection: 282, 503 and 1,414 KB): ~110 KB for graphql-jit's compiled query
 * whatever its size, ~800 bytes per field it selects once fragments are expanded, and the text with its
 * tree at ~12 bytes per character.
 */
const COMPILED_BASE_BYTES = 110 * 1024;
const BYTES_PER_SELECTED_FIELD = 800;
const BYTES_PER_CHARACTER = 12;
/**
 * Texts kept per length and ends (or per first or last bytes of their JSON): each is compared in
 * full on a lookup, so texts made alike on purpose (differing only inside) cannot make a lookup
 * compare hundreds.
 */
const MAX_ALIKE_DOCUMENTS = 4;
/** Bytes of a query's JSON member that index it: its first ones (query first in the body) and its last ones (query last). */
const RAW_KEY_BYTES = 48;

/** A document's one operation, compiled once: it runs without envelop's orchestration. */
export interface PreparedOperation {
  readonly operation: OperationDefinitionNode;
  readonly compiled: CompiledQuery;
}

export interface KnownDocument {
  readonly query: string;
  readonly document: DocumentNode;
  /** `"query":` and the query as JSON.stringify writes it, as bytes: how most clients send it. */
  readonly member: Buffer;
  /** Null: envelop runs it (several operations, a subscription, or graphql-jit cannot compile it). */
  readonly prepared: PreparedOperation | null;
}

const QUERY_FIRST = Buffer.from('{"query":"');
const COMMA = 0x2c;
const CLOSE = 0x7d;

/**
 * A known document found in a body's bytes, and the rest of the body as JSON text: the other
 * members, at least one (the member's comma is dropped with it), or null when there are none.
 */
export interface RawMatch {
  readonly known: KnownDocument;
  readonly rest: string | null;
}

/**
 * Adds `entry` to the list under `key`, at most MAX_ALIKE_DOCUMENTS long: a full list drops its
 * oldest, so texts made alike on purpose cannot keep a real client's document out (it would be
 * compiled anew on every request). What the dropped one weighed stays counted until the set starts afresh.
 */
function addAlike<K>(map: Map<K, KnownDocument[]>, key: K, entry: KnownDocument): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [entry]);
  else {
    if (list.length >= MAX_ALIKE_DOCUMENTS) list.shift();
    list.push(entry);
  }
}

/**
 * Documents this path has parsed and found valid, by their exact text: the same text parses and
 * validates the same way every time (the schema and every rule are fixed for the server's life), so
 * a known one skips envelop's parse and validate. Yoga's own caches key on the whole text, and a
 * full Variant B selection is ~3,800 characters, which V8 hashes in full on every lookup of a
 * freshly parsed body (~5 µs); here a text is found by its length and ends, then compared whole.
 * A body whose `query` member comes first or last, written as JSON.stringify writes it, is matched
 * in its bytes (a memory compare) and only the other members are parsed.
 */
export class KnownDocuments {
  private readonly byShape = new Map<string, KnownDocument[]>();
  private readonly byHead = new Map<string, KnownDocument[]>();
  private readonly byTail = new Map<string, KnownDocument[]>();
  private size = 0;
  private kept = 0;

  /** Documents kept now. */
  get count(): number {
    return this.size;
  }

  /** The estimated heap of the documents kept now (KNOWN_DOCUMENTS_MAX_BYTES at most). */
  get bytes(): number {
    return this.kept;
  }

  find(query: string): KnownDocument | undefined {
    const candidates = this.byShape.get(shapeOf(query));
    if (candidates === undefined) return undefined;
    for (const candidate of candidates) if (candidate.query === query) return candidate;
    return undefined;
  }

  /**
   * The known document whose member opens the body (`{"query":"…",` or `…}`) or closes it
   * (`,"query":"…"}`), and the body without it. The rest still has to parse as an object for the
   * match to stand (which also places the member at the body's top level); see `paramsOfRaw`.
   */
  findRaw(body: Buffer): RawMatch | undefined {
    if (body.length > QUERY_FIRST.length + RAW_KEY_BYTES && body.compare(QUERY_FIRST, 0, QUERY_FIRST.length, 0, QUERY_FIRST.length) === 0) {
      for (const known of this.byHead.get(body.toString('latin1', 1, 1 + RAW_KEY_BYTES)) ?? []) {
        const end = 1 + known.member.length;
        if (end >= body.length || body.compare(known.member, 0, known.member.length, 1, end) !== 0) continue;
        if (body[end] === COMMA) return { known, rest: `{${body.toString('utf8', end + 1)}` };
        if (body[end] === CLOSE && end + 1 === body.length) return { known, rest: null };
      }
    }
    const last = body.length - 1;
    if (body[last] !== CLOSE || last < RAW_KEY_BYTES) return undefined;
    for (const known of this.byTail.get(body.toString('latin1', last - RAW_KEY_BYTES, last)) ?? []) {
      const start = last - known.member.length;
      if (start < 2 || body[start - 1] !== COMMA || body.compare(known.member, 0, known.member.length, start, last) !== 0) continue;
      return { known, rest: `${body.toString('utf8', 0, start - 1)}}` };
    }
    return undefined;
  }

  remember(query: string, document: DocumentNode, schema: GraphQLSchema): KnownDocument {
    const prepared = prepare(schema, document);
    const bytes =
      query.length * BYTES_PER_CHARACTER +
      (prepared === null ? 0 : COMPILED_BASE_BYTES + BYTES_PER_SELECTED_FIELD * selectedFields(document));
    if (this.size >= MAX_KNOWN_DOCUMENTS || this.kept + bytes > KNOWN_DOCUMENTS_MAX_BYTES) {
      this.byShape.clear();
      this.byHead.clear();
      this.byTail.clear();
      this.size = 0;
      this.kept = 0;
    }
    const member = Buffer.from(`"query":${JSON.stringify(query)}`, 'utf8');
    const known: KnownDocument = { query, document, member, prepared };
    if (bytes > KNOWN_DOCUMENTS_MAX_BYTES) return known;
    addAlike(this.byShape, shapeOf(query), known);
    this.size++;
    this.kept += bytes;
    if (member.length > RAW_KEY_BYTES) {
      addAlike(this.byHead, member.toString('latin1', 0, RAW_KEY_BYTES), known);
      addAlike(this.byTail, member.toString('latin1', member.length - RAW_KEY_BYTES), known);
    }
    return known;
  }
}

/** Fields the document's operations select, each fragment counted where it is spread (the work graphql-jit compiles). */
function selectedFields(document: DocumentNode): number {
  const fragments = new Map<string, SelectionSetNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition.selectionSet);
  const counted = new Map<string, number>();
  const count = (set: SelectionSetNode, path: ReadonlySet<string>): number => {
    let fields = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) fields += 1 + (selection.selectionSet === undefined ? 0 : count(selection.selectionSet, path));
      else if (selection.kind === Kind.INLINE_FRAGMENT) fields += count(selection.selectionSet, path);
      else {
        const name = selection.name.value;
        const spread = fragments.get(name);
        // A cycle is refused by validation; never followed here.
        if (spread === undefined || path.has(name)) continue;
        let inner = counted.get(name);
        if (inner === undefined) {
          inner = count(spread, new Set([...path, name]));
          counted.set(name, inner);
        }
        fields += inner;
      }
    }
    return fields;
  };
  let total = 0;
  for (const definition of document.definitions)
    if (definition.kind === Kind.OPERATION_DEFINITION) total += count(definition.selectionSet, new Set());
  return total;
}

const shapeOf = (query: string): string => `${query.length}:${query.slice(0, 24)}${query.slice(-24)}`;

/** The document's one operation compiled by graphql-jit, or null (several operations, a subscription, or not compilable). */
function prepare(schema: GraphQLSchema, document: DocumentNode): PreparedOperation | null {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operations[0];
  if (operations.length !== 1 || operation === undefined || operation.operation === OperationTypeNode.SUBSCRIPTION) return null;
  const compiled = compileQuery(schema, document, undefined, {});
  return isCompiledQuery(compiled) ? { operation, compiled } : null;
}

/**
 * A result of graphql-js shaped as graphql-jit shapes its own (`data` first, errors without
 * `locations`), so an answer reads the same whichever engine ran it: a free read sent anonymously
 * (graphql-js) and the same read sent with a key (graphql-jit). The original error stays behind
 * each one, so yoga's mask still tells a coded error from a bug.
 */
function asGraphqlJitAnswers({ result, setResult }: { result: unknown; setResult: (result: ExecutionResult) => void }): void {
  if (typeof result !== 'object' || result === null || Symbol.asyncIterator in result || 'stringify' in result) return;
  const { data, errors, extensions } = result as ExecutionResult;
  if (errors === undefined || errors.length === 0) return;
  setResult({
    data,
    errors: errors.map(
      (error) =>
        new GraphQLError(error.message, {
          ...(error.path === undefined ? {} : { path: error.path }),
          ...(error.originalError === undefined ? {} : { originalError: error.originalError }),
          extensions: error.extensions,
        }),
    ),
    ...(extensions === undefined ? {} : { extensions }),
  });
}

/**
 * Runs a keyed caller's document of one operation on graphql-jit's compiled query, kept in `known`
 * (compiled there once, for yoga and the direct path alike); anything else runs on graphql-js.
 */
export function compiledExecution(known: KnownDocuments): Plugin<GraphQLContext> {
  /** Each parsed document's text (yoga keeps no documents: each request parses its own). */
  const sources = new WeakMap<DocumentNode, string>();
  return {
    onParse:
      ({ params }) =>
      ({ result }) => {
        if (result !== null && typeof result === 'object' && 'kind' in result)
          sources.set(result as DocumentNode, String((params as { readonly source: unknown }).source));
      },
    onExecute: ({ args, setExecuteFn }) => {
      const context = args.contextValue as Partial<GraphQLContext>;
      const document = args.document as DocumentNode;
      const source = (context.caller ?? 'keyed') === 'keyed' ? sources.get(document) : undefined;
      const prepared =
        source === undefined ? null : (known.find(source) ?? known.remember(source, document, args.schema as GraphQLSchema)).prepared;
      if (prepared === null) return { onExecuteDone: asGraphqlJitAnswers };
      setExecuteFn(
        makeExecute(async (execution: ExecutionArgs) => {
          const result = await prepared.compiled.query(execution.rootValue, execution.contextValue, execution.variableValues);
          return Object.assign(result, { stringify: prepared.compiled.stringify });
        }),
      );
    },
  };
}
