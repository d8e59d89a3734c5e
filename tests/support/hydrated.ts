/// <reference lib="dom" />
import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated a rendered page: its root and the page's own content (a lazy
 * route chunk hydrates once it has loaded), each element then holding React's fiber. A rendered
 * page shows its content before the app runs; a journey that clicks or types into it waits for the
 * app first, as a visitor's input before hydration does not reach the app's state.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const owned = (el: Element | null) => !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
    return owned(document.querySelector("#root > *")) && owned(document.querySelector("#main > *"));
  });
