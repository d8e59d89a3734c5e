/**
 * The page's only entry script. A rendered page (or index.html's static app shell) paints from the
 * HTML and its inline CSS alone; the application (React, the router, the query cache and the page)
 * is fetched once the page's own images are on screen, so on a slow connection the largest paint (a
 * post's featured photo) is not sharing the line with ~100 KB of JavaScript. The page works before
 * that: its links are plain links.
 */
// The stylesheet belongs to the entry, so the build inlines it into index.html (vite.config.ts).
import "./styles.css";

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import("./main");
};

// After the window's load event (every eager image has arrived), once those images are decoded and
// the frame that shows them is drawn. The timer covers a stalled image and hidden tabs, where
// animation frames do not run.
const afterImagesPaint = () => {
  const eager = [...document.images].filter((img) => img.loading !== "lazy");
  void Promise.all(eager.map((img) => img.decode().catch(() => undefined))).then(() => requestAnimationFrame(() => setTimeout(start, 0)));
};
if (document.readyState === "complete") afterImagesPaint();
else addEventListener("load", afterImagesPaint, { once: true });
setTimeout(start, 3000);
