/** A keyed JSON POST whose answer is checked against /openapi.json (the integration tests' common request). */
import { expect } from 'vitest';
import { openApiProblems } from '../rest/support/openapi-validator.ts';

export async function postChecked(
  baseUrl: string,
  apiKey: string,
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; json: Record<string, any> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, any>;
  expect(openApiProblems({ path, method: 'POST', status: response.status, headers: response.headers, body: json })).toEqual([]);
  return { status: response.status, json };
}
