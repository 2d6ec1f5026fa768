import type { DomainError } from './errors.ts';

/** Refusal is a value (STYLE rule 4): use-cases return this; outages still throw. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: DomainError };

export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refuse = <T = never>(error: DomainError): Outcome<T> => ({ ok: false, error });

/** For resolvers that report errors by throwing (GraphQL). */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw outcome.error;
}
