import type { DomainError } from './errors.ts';

/**
 * Refusal is a value (STYLE rule 4): use-cases return this; outages still throw. `E` narrows the
 * error where a use-case promises more of it (the dashboard's refusals always carry a reason).
 */
export type Outcome<T, E extends DomainError = DomainError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const succeed = <T, E extends DomainError = DomainError>(value: T): Outcome<T, E> => ({ ok: true, value });
export const refuse = <T = never, E extends DomainError = DomainError>(error: E): Outcome<T, E> => ({ ok: false, error });

/** For resolvers that report errors by throwing (GraphQL). */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw outcome.error;
}
