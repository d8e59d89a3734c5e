import { useEffect, useState, type RefObject } from "react";

/**
 * True once the element under `ref` has come into view, and from then on: within `rootMargin` of
 * the viewport (to read ahead of a visitor who scrolls towards it), or with `threshold` of it shown.
 * For what a page reads, draws or animates only when a visitor gets there, so that loading the page
 * does not. Without IntersectionObserver, true at once.
 */
export function useOnceInView(ref: RefObject<Element | null>, { rootMargin = "0px", threshold = 0 }: { rootMargin?: string; threshold?: number } = {}): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin, threshold });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, rootMargin, threshold, seen]);
  return seen;
}
