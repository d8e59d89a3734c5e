/// <reference lib="dom" />
import type { BrowserContext, Page } from "@playwright/test";

/**
 * Waits until React has hydrated a rendered page: its root, the page's own content (a lazy
 * route chunk hydrates once it has loaded) and its footer (a lazy chunk too), each element then holding React's fiber, and the app's
 * first commit has run its effects. A rendered
 * page shows its content before the app runs; a journey that clicks or types into it waits for the
 * app first, as a visitor's input before hydration does not reach the app's state. A page the app
 * draws itself (the back office) has nothing to wait for.
 */
export async function hydrated(page: Page) {
  try {
    await page.waitForFunction(
      () => {
        const owned = (el: Element | null) => !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
        const content = document.querySelector("#main > *");
        // React may put resources first in the root (a featured image's preload link), which it owns
        // without a fiber: the root's first element is its first other child.
        const shell = document.querySelector("#root > :not(link, meta, style, script)");
        // And the app's first commit has run its effects (web/src/main.tsx marks <html data-app="ready">):
        // what the page reads after hydration has been asked for.
        const ready = document.documentElement.dataset.app === "ready";
        // The footer is a lazy chunk of its own (web/src/components/public-layout.tsx): its newsletter
        // form answers once that chunk has loaded and hydrated, which may be after the first commit.
        const footer = document.querySelector("#root footer");
        return ready && (!content || (owned(shell) && owned(content))) && (!footer || owned(footer));
      },
      undefined,
      { timeout: 30_000 },
    );
  } catch (error) {
    const state = await page
      .evaluate(() => ({
        url: location.href,
        root: document.querySelector("#root")?.innerHTML.slice(0, 300),
        main: document.querySelector("#main")?.outerHTML.slice(0, 300),
        scripts: Array.from(document.scripts).map((s) => s.src || "inline"),
      }))
      .catch(() => "the page is gone");
    throw new Error(`The page did not hydrate: ${JSON.stringify(state)}`, { cause: error });
  }
}

const held = new WeakSet<Page>();
const watched = new WeakSet<Page>();

/**
 * Every journey's pages wait for hydration after each full load (`goto`, `reload`, `goBack`,
 * `goForward`), so no click lands on a rendered page before the app can answer it. Pages of a
 * context without JavaScript, and pages whose app is held back (`holdApp`), do not wait.
 */
export function waitForHydrationOnLoad(context: BrowserContext, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const watch = (page: Page) => {
    if (watched.has(page)) return;
    watched.add(page);
    for (const name of ["goto", "reload", "goBack", "goForward"] as const) {
      const load = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page["reload"]>;
      (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        const response = await load(...args);
        if (!held.has(page) && !page.isClosed()) await hydrated(page);
        return response;
      };
    }
  };
  context.pages().forEach(watch);
  context.on("page", watch);
}

/**
 * Holds back the app's script (or the chunks `scripts` matches): the rendered page is there and can
 * be typed into, the app (or that part of it) is not, as on a slow connection. The returned function
 * lets the scripts load and waits for hydration.
 */
export async function holdApp(page: Page, scripts = /\/assets\/main-[^/]+\.js$/): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  held.add(page);
  await page.route(scripts, async (route) => {
    await gate;
    await route.continue();
  });
  return async () => {
    release();
    held.delete(page);
    await hydrated(page);
  };
}

/** Scrolls to the end of the page, as a reader of a whole post does: what the page reads only when a reader nears it (a post's Related Articles) is then asked for. */
export async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}
