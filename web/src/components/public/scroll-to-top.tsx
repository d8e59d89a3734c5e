import { useLayoutEffect } from "react";
import { useLocation } from "react-router-dom";

/** The app scrolls to the top on every path change (SPEC §2); query-string changes keep the place. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
