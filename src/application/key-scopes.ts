/**
 * What an API key may be used for. A key holds every scope unless it was issued with a
 * list: one scope per paid operation (its name: `chart`, `compatibility`, …, from the operations
 * registry, a registered one included), `mcp` to call over MCP (the operation's scope is needed too), `account` to read the
 * account's balance, usage and statements through the API. A call outside its key's scopes is a 401
 * that names the scope it lacked.
 */
import { paidOperationNames } from './operations/index.ts';
import { once } from './registry.ts';

/** Scopes that are not an operation's. */
export const CHANNEL_SCOPES = ['mcp', 'account'] as const;

/** Every scope a key can hold, operations first (registered ones included), in a stable order. */
export const keyScopes = once((): readonly string[] => [...paidOperationNames(), ...CHANNEL_SCOPES]);

const known = once(() => new Set(keyScopes()));

export const isKeyScope = (scope: string): boolean => known().has(scope);
