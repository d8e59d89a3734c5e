import { useEffect, useRef, useSyncExternalStore, type RefObject } from "react";

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

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether a field holds something else than what it was rendered with. */
function changedSinceRender(f: Field): boolean {
  if (f instanceof HTMLSelectElement) return [...f.options].some((o) => o.selected !== o.defaultSelected);
  if (f instanceof HTMLInputElement && (f.type === "radio" || f.type === "checkbox")) return f.checked !== f.defaultChecked;
  return f.value !== f.defaultValue;
}

/**
 * What a visitor typed (or picked) in a rendered page before the app ran: the browser keeps it in
 * the fields, but the app's state starts from the values the page was rendered with, so the page
 * would show one thing and send another (or keep Send disabled beside a filled form). Once, after
 * hydration, each field under `ref` (or `ref` itself) that differs from its rendered value is handed
 * to `adopt`, which puts it in the state. On a page the browser rendered itself nothing differs.
 */
export function useTypedBeforeHydration(ref: RefObject<HTMLElement | null>, adopt: (field: Field) => void): void {
  const adoptLatest = useRef(adopt);
  adoptLatest.current = adopt;
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const fields = root.matches("input, textarea, select") ? [root] : [...root.querySelectorAll("input, textarea, select")];
    for (const f of fields as Field[]) if (changedSinceRender(f)) adoptLatest.current(f);
  }, [ref]);
}
