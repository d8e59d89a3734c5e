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

/**
 * Holds back the app's script: the rendered page is there and can be typed into, the app is not,
 * as on a slow connection. The returned function lets the script load and waits for hydration.
 */
export async function holdApp(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return async () => {
    release();
    await hydrated(page);
  };
}
