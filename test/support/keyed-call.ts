/** A JSON call to the real server with a key in `Authorization: Bearer` (null: none), answering status, headers and the parsed body. */
export const keyedCaller = (baseUrl: () => string) => async (method: string, path: string, key: string | null, body?: unknown) => {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, any> };
};
