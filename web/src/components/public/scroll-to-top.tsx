import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/**
 * The app scrolls to the top on every path change (SPEC §2); query-string changes keep the place,
 * and so does the page the browser loaded: a reader who scrolled a rendered page before the app ran
 * (or whose browser restored the place on a reload) is not sent back to the top when it does.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
