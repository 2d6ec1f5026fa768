/**
 * Every time budget a test waits within, from one setting: `TEST_TIME_SCALE` (a factor, default 1,
 * and 3 under `CI=true`, where the suite shares the machine with the install and other jobs). A test
 * states the budget the product promises (an exit within a second, an answer within the store's
 * deadline) and waits `budgetMs(promised)`, so a loaded machine stretches every wait alike instead of
 * failing whichever test happened to run beside the heaviest file.
 */
const DEFAULT_CI_SCALE = 3;

function scale(): number {
  const raw = process.env['TEST_TIME_SCALE'];
  if (raw !== undefined && raw !== '') {
    const factor = Number(raw);
    if (!Number.isFinite(factor) || factor < 1) throw new Error(`TEST_TIME_SCALE must be a number ≥ 1 (got ${raw})`);
    return factor;
  }
  return process.env['CI'] === 'true' ? DEFAULT_CI_SCALE : 1;
}

export const TEST_TIME_SCALE = scale();

/** The wait for something the product promises within `promisedMs`, stretched by the suite's scale. */
export const budgetMs = (promisedMs: number): number => Math.ceil(promisedMs * TEST_TIME_SCALE);

/**
 * The credit store's call deadline for tests that are not about the deadline: production's 450 ms
 * (`DEFAULT_CALL_TIMEOUT_MS`), stretched like every other budget, so a charge on a loaded machine is
 * not refused as an outage. Tests of the outage itself keep production's deadline.
 */
export const STORE_CALL_BUDGET_MS = budgetMs(450);

/**
 * Options for `expect.poll` and `vi.waitFor`: check every 20 ms until what the product promises within
 * `promisedMs` holds, for at most `budgetMs(promisedMs)`. A test waits for the condition it asserts,
 * never for a fixed time it hopes is enough.
 */
export const pollWithin = (promisedMs: number): { timeout: number; interval: number } => ({
  timeout: budgetMs(promisedMs),
  interval: 20,
});
