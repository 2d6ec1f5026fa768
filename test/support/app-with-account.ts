/**
 * The suite set-up most protocol tests share: the real app (embedded store) started before the
 * suite's tests with one standard account, and closed after them. Call it in a `describe` body.
 */
import { afterAll, beforeAll } from 'vitest';
import { createStandardAccount, type TestAccount } from '../rest/support/server.ts';
import { startAppServer, type RunningApp } from './app-server.ts';
import { keyedClient, type Reply } from './client.ts';

export interface AppWithAccount {
  readonly app: RunningApp;
  readonly account: TestAccount;
}

export function appWithAccount(credits = 1000): AppWithAccount {
  const running = {} as { app: RunningApp; account: TestAccount };
  beforeAll(async () => {
    running.app = await startAppServer();
    running.account = await createStandardAccount(running.app.admin, credits);
  });
  afterAll(() => running.app?.close());
  return running;
}

/** A JSON POST with the suite account's key: the status, the headers and the parsed body. */
export const postWithKey =
  (env: AppWithAccount) =>
  (path: string, body: unknown, extra: Record<string, string> = {}): Promise<Reply> =>
    keyedClient(env).post(path, body, extra);
