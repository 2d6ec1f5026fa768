/**
 * The wire format's shared helpers: what both the HTTP routes and the
 * MCP endpoint read from a request, so neither imports the other.
 */

/** The first value of a header Node may give as a list (a repeated header); undefined when absent. */
export const singleHeader = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
