import { useEffect, useState, type RefObject } from "react";

/**
 * True once the element under `ref` has come within `margin` (above or below) of the viewport, and
 * from then on: for what a page reads and draws only when a visitor scrolls towards it, so that
 * loading the page does not. Without IntersectionObserver, true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "800px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: `${margin} 0px` });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
