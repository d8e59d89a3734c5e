import { Glyph } from "../ui/glyphs";
import { prefersReducedMotion } from "../../lib/motion";
import { useScrolledPast } from "../../lib/scroll";

/**
 * Shown once the page has scrolled more than 300 px (SPEC §9). Focus moves to the top of the page
 * first: a focused button that disappears mid-way would cancel the smooth scroll, and keyboard
 * users should land where the page now is.
 */
function toTop() {
  document.querySelector<HTMLElement>("header a")?.focus({ preventScroll: true });
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
}

export function BackToTop() {
  const visible = useScrolledPast(300);
  return (
    <button
      type="button"
      aria-label="Back to top"
      hidden={!visible}
      onClick={toTop}
      className="fixed right-5 bottom-5 z-30 flex h-12 w-12 items-center justify-center rounded-full bg-linear-to-br from-purple-600 to-blue-600 text-white shadow-lg shadow-purple-600/30 transition hover:scale-105"
    >
      <Glyph name="arrowUp" />
    </button>
  );
}
