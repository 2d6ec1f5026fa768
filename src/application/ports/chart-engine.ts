/**
 * The calendar core as the application sees it. The composition root (main.ts) wires the real
 * engine; tests use a stub.
 */
export type Variant = 'A' | 'B';

export interface ChartEngine<Request, Result> {
  /**
   * Raw REST/GraphQL input → normalized request. Throws `DomainError('BAD_USER_INPUT')` with a
   * message naming the field and the rule. The result must be plain JSON data: it is digested
   * for idempotency.
   */
  parse(raw: unknown): Request;
  /** The spec's `result` object for the variant (§2.3 / §2.4). */
  compute(request: Request, variant: Variant): Result | Promise<Result>;
}
