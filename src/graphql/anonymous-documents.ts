/**
 * Nothing anonymous is expensive (docs/rest.md "Anonymous callers"). The HTTP layer decides, before
 * any document is read, whether a request's key was accepted (`ServerContext.caller`). A document of a
 * caller without an accepted key is parsed with a smaller token limit, and refused at once, before
 * it is validated, when it selects a field that needs a key (every mutation, `account`, `usage`,
 * `statement`): what is left to validate and run are the free reads, never compiled by graphql-jit
 * and never cached (http/graphql-fast-path.ts remembers documents of keyed callers only).
 */
import { GraphQLError, Kind, OperationTypeNode, parse, type DocumentNode, type ParseOptions, type SelectionSetNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { refusals } from '../application/refusals.ts';
import type { Caller, ServerContext } from './builder.ts';

/** Tokens an anonymous document may hold (keyed callers: 2,000, graphql-armor's limit in graphql/server.ts). */
export const ANONYMOUS_MAX_TOKENS = 1_000;

/**
 * Root query fields that need a key. Every other query field is a free read; every mutation is paid.
 * test/graphql/anonymous-documents.test.ts checks that this list and the schema agree (a new keyed
 * query field must be added here).
 */
export const KEYED_QUERY_FIELDS: ReadonlySet<string> = new Set(['account', 'usage', 'statement', 'subjects', 'subject', 'subjectFeed']);

/** The refusal of an anonymous document: coded, answered 401, before validation. */
export class AnonymousDocumentRefused extends GraphQLError {}

const ACCEPTED = 'an Authorization: Bearer header or an X-API-Key header';

function refusal(caller: Caller, what: string): AnonymousDocumentRefused {
  const base = caller === 'refused' ? refusals.invalidKey() : refusals.missingKey(ACCEPTED);
  // A refusal is answered, never logged with a stack (as DomainError).
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const error = new AnonymousDocumentRefused(`${base.message} (${what})`, {
    // `spec`: answered as yoga answers a request error (GraphQL over HTTP): 200 to an
    // `application/json` client, the status itself to an `application/graphql-response+json` one.
    extensions: { code: base.code, http: { status: base.httpStatus, spec: true } },
  });
  Error.stackTraceLimit = stackTraceLimit;
  return error;
}

/** The first root field that needs a key, through the root's fragments and inline fragments; undefined when none. */
function keyedRootField(document: DocumentNode): string | undefined {
  const fragments = new Map<string, SelectionSetNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition.selectionSet);
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    if (definition.operation === OperationTypeNode.MUTATION) return 'a mutation';
    if (definition.operation !== OperationTypeNode.QUERY) continue;
    const seen = new Set<string>();
    const pending: SelectionSetNode[] = [definition.selectionSet];
    for (let set = pending.pop(); set !== undefined; set = pending.pop()) {
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          if (KEYED_QUERY_FIELDS.has(selection.name.value)) return selection.name.value;
        } else if (selection.kind === Kind.INLINE_FRAGMENT) pending.push(selection.selectionSet);
        else if (!seen.has(selection.name.value)) {
          seen.add(selection.name.value);
          const spread = fragments.get(selection.name.value);
          if (spread !== undefined) pending.push(spread);
        }
      }
    }
  }
  return undefined;
}

/** The refusal of a document an anonymous caller sent, when it needs a key; undefined when it does not (or the caller is keyed). */
function anonymousRefusal(caller: Caller, document: DocumentNode): AnonymousDocumentRefused | undefined {
  if (caller === 'keyed') return undefined;
  const keyed = keyedRootField(document);
  return keyed === undefined ? undefined : refusal(caller, `${keyed} needs a key`);
}

/**
 * After graphql-armor (whose token limit it replaces for anonymous callers): an anonymous caller's
 * document is parsed with ANONYMOUS_MAX_TOKENS and refused when it needs a key.
 */
export const anonymousDocuments: Plugin<ServerContext> = {
  onParse: ({ context, setParseFn }) => {
    const caller = (context as Partial<ServerContext>).caller ?? 'keyed';
    if (caller === 'keyed') return;
    setParseFn((source, options) => {
      let document: DocumentNode;
      try {
        document = parse(source as string, { ...(options as ParseOptions | undefined), maxLexicalTokens: ANONYMOUS_MAX_TOKENS });
      } catch (error) {
        if (error instanceof GraphQLError && /more th\w+ \d+ tokens/.test(error.message))
          throw new GraphQLError(
            `Syntax Error: a document sent without an accepted API key may hold at most ${ANONYMOUS_MAX_TOKENS} tokens (with a key: 2000)`,
          );
        throw error;
      }
      const refused = anonymousRefusal(caller, document);
      if (refused !== undefined) throw refused;
      return document;
    });
  },
};
