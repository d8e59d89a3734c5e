/**
 * The page's only entry script. index.html paints a static app shell (header and hero backdrop)
 * from the HTML and its inline CSS alone; the application (React, the router, the query cache and
 * the page) is fetched once that first frame is on screen, so on a slow connection the shell and
 * its hero art are not competing with ~100 KB of JavaScript for the first round trips.
 */
// The stylesheet belongs to the entry, so the build inlines it into index.html (vite.config.ts).
import "./styles.css";

const start = () => void import("./main");

let started = false;
const once = () => {
  if (started) return;
  started = true;
  start();
};
// After the first paint; the timer covers hidden tabs, where animation frames do not run.
requestAnimationFrame(() => setTimeout(once, 0));
setTimeout(once, 250);
