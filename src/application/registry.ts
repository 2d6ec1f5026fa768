/**
 * A registry of declarations (the operations, paid and free, the chart's opt-in sections): each is
 * declared once, by the module that defines it, and everything that lists them derives from the list
 * — the key scopes, REST paths and `include` values, the MCP tools, the OpenAPI document, the GraphQL
 * fields, the CLI usage, the metric labels.
 *
 * Declarations are registered while modules load (start-up). The first read seals the registry: a
 * registration after it throws, so a surface derived from the list can never miss a late entry.
 * Nothing here changes per request.
 */
export class Registry<T extends { readonly name: string }> {
  readonly #what: string;
  readonly #items: T[] = [];
  #sealed = false;

  constructor(what: string) {
    this.#what = what;
  }

  register(item: T): T {
    if (this.#sealed) {
      throw new Error(
        `${this.#what} "${item.name}" registered after the ${this.#what}s were read: register it at start-up, before any protocol is built`,
      );
    }
    if (this.#items.some((known) => known.name === item.name)) throw new Error(`${this.#what} "${item.name}" is registered twice`);
    this.#items.push(item);
    return item;
  }

  /** Every declaration, in registration order; seals the registry. */
  all(): readonly T[] {
    this.#sealed = true;
    return this.#items;
  }
}

/** A value computed on first use and kept (derived from a registry, so after it is sealed). */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
