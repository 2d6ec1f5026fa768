/** A keyed JSON POST whose answer is checked against /openapi.json (the integration tests' common request). */
import { clientOf, type Reply } from './client.ts';

export const postChecked = (baseUrl: string, apiKey: string, path: string, body: Record<string, unknown>): Promise<Reply> =>
  clientOf(() => ({ baseUrl, apiKey })).postChecked(path, body);
