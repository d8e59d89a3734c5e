// The page's only script, inline (web/vite.config.ts) and allowed by its hash in the CSP
// (packages/core/src/security-headers.ts). It fetches the app once the page's own images are on screen.
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
  const afterImagesPaint = () => {
    const eager = [...document.images].filter((img) => img.loading !== "lazy");
    Promise.all(eager.map((img) => img.decode().catch(() => undefined))).then(() => requestAnimationFrame(() => setTimeout(start, 0)));
  };
  if (document.readyState === "complete") afterImagesPaint();
  else addEventListener("load", afterImagesPaint, { once: true });
  setTimeout(start, 3000);
})();
