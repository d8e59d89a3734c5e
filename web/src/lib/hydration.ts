import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while a page is rendered on the server and while the browser hydrates it, true from then
 * on (and at once on a page the browser renders itself): for the parts a rendered page leaves to
 * the browser, so that hydration sees exactly the server's markup.
 */
export const useAfterHydration = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
