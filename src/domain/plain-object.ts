/** A JSON object (not null, not an array): what a request body, a CLI line or a tool's arguments must be. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
