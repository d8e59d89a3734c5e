import { test as base, type BrowserContextOptions } from "@playwright/test";
import { waitForHydrationOnLoad } from "./hydrated";

export { expect, request } from "@playwright/test";
export type { APIRequestContext, Browser, BrowserContext, Download, Locator, Page } from "@playwright/test";

/**
 * Playwright's `test` for the journeys: every page, of the test's own context and of any context a
 * journey opens itself (both are made by `browser.newContext`, which this auto fixture wraps before
 * either exists), waits after each full load until a rendered page has hydrated.
 */
export const test = base.extend<{ hydrating: void }>({
  hydrating: [
    async ({ browser, javaScriptEnabled }, use) => {
      const newContext = browser.newContext;
      browser.newContext = async (options?: BrowserContextOptions) => {
        const context = await newContext.call(browser, options);
        waitForHydrationOnLoad(context, options?.javaScriptEnabled ?? javaScriptEnabled);
        return context;
      };
      await use();
      browser.newContext = newContext;
    },
    { auto: true },
  ],
});
