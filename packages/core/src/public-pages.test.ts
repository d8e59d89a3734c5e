import { describe, expect, it } from "vitest";
import { isAppAddress, isPageAddress, keyPath, NOT_FOUND_KEY, pageKey, PAGES_PREFIX, PREVIEW_PAGES_PREFIX, SHELL_KEY, viewerUri } from "./public-pages";

/** Addresses of every kind the site answers. */
const addresses = [
  "/",
  "/about",
  "/about/",
  "/services",
  "/tech-school",
  "/blog",
  "/blog/",
  "/blog/page/2",
  "/blog/a-post",
  "/contact",
  "/no-such-page",
  "/admin",
  "/admin/",
  "/admin/settings",
  "/auth/callback",
  "/preview",
  "/preview/blog/draft",
  "/newsletter/confirm",
  "/preview/cG9zdA~0~1790000000~c2ln",
  "/preview/cG9zdA~0~1790000000~c2ln/",
  "/administration",
  "/previews",
  "/assets/index-abc123.js",
  "/favicon.svg",
  "/pages/about.html",
  "/api/unknown",
  "/api/blog-posts",
  "/media/2026/x",
  "/rss.xml",
];

describe("the public pages' one rule", () => {
  it("runs alone from its own source, as CloudFront's viewer function runs it, and answers every address as the module does", () => {
    const alone = new Function(`${viewerUri.toString()}; return viewerUri;`)() as typeof viewerUri;
    for (const uri of addresses) expect(alone(uri), uri).toBe(viewerUri(uri));
  });

  it("writes the keys it names as the constants say", () => {
    expect(viewerUri("/")).toBe(`/${PAGES_PREFIX}index.html`);
    expect(viewerUri("/admin/settings")).toBe(`/${SHELL_KEY}`);
    expect(viewerUri("/preview/abc")).toBe(`/${PREVIEW_PAGES_PREFIX}abc.html`);
    expect(pageKey("/404")).toBe(NOT_FOUND_KEY);
  });

  it("answers a public address with its page, an app address with the shell, and files, the API and uploads as they are", () => {
    expect(viewerUri("/blog/a-post")).toBe("/pages/blog/a-post.html");
    expect(viewerUri("/blog/")).toBe("/pages/blog.html");
    for (const app of ["/admin", "/auth/callback", "/preview", "/newsletter/confirm"]) expect(isAppAddress(app), app).toBe(true);
    for (const page of ["/", "/about", "/administration", "/blog/page/2"]) expect(isPageAddress(page), page).toBe(true);
    for (const other of ["/admin", "/preview/abc", "/api/services", "/rss.xml", "/media/2026/x", "/favicon.svg"]) expect(isPageAddress(other), other).toBe(false);
  });

  it("reads a page key back to its address", () => {
    for (const path of ["/", "/about", "/blog/page/3", "/blog/a-post"]) expect(keyPath(pageKey(path))).toBe(path);
  });
});
