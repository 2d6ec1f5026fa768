/**
 * Headless Chromium for the browser tests, offline: the flags that keep it from reaching the
 * network (this machine has none), and pages that refuse every request off this machine and
 * record console errors.
 */
import { chromium, type Browser, type Page } from 'playwright-core';

export const launchChromium = (executablePath: string): Promise<Browser> =>
  chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export interface OfflinePage {
  readonly page: Page;
  /** Requests to anywhere but this machine, refused. */
  readonly offsite: string[];
  readonly consoleErrors: string[];
}

/** A new page that may load only from 127.0.0.1 (and data:/blob: URLs), recording what it tried and the console errors. */
export async function offlinePage(
  browser: Browser,
  viewport: { width: number; height: number },
  /** The browser's language (`Accept-Language`, `navigator.language`). */
  locale = 'en-US',
): Promise<OfflinePage> {
  const page = await browser.newPage({ viewport, locale });
  const offsite: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1') return route.continue();
    offsite.push(url.href);
    return route.abort();
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { page, offsite, consoleErrors };
}
