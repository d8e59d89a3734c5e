// The page's only script, inline (web/vite.config.ts) and allowed by its hash in the CSP
// (packages/core/src/security-headers.ts). It fetches the app once the page has painted, its own images too.
(() => {
  const { entry, preload = "" } = document.currentScript.dataset;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preload.split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    import(entry);
  };
  // The first contentful paint, as the browser reports it (a frame can pass before it).
  const painted = new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return resolve();
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
  });
  const afterImagesPaint = () => {
    const eager = [...document.images].filter((img) => img.loading !== "lazy");
    const decoded = eager.map((img) => img.decode().catch(() => undefined));
    Promise.all([painted, ...decoded]).then(() => requestAnimationFrame(() => setTimeout(start, 0)));
  };
  if (document.readyState === "complete") afterImagesPaint();
  else addEventListener("load", afterImagesPaint, { once: true });
  setTimeout(start, 3000);
})();
