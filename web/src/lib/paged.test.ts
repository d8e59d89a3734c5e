import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchAllPages, listUrl } from "./paged";

afterEach(() => vi.unstubAllGlobals());

/** A fake list server: pages keyed by cursor ("" for the first), each with its next cursor. */
function serve(pages: Record<string, { items: number[]; next?: string }>) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      const cursor = new URL(url, "http://x").searchParams.get("cursor") ?? "";
      const page = pages[cursor]!;
      return new Response(JSON.stringify(page.items), { headers: page.next ? { "x-next-cursor": page.next } : {} });
    }),
  );
  return urls;
}

describe("listUrl", () => {
  it("leaves out empty parameters", () => {
    expect(listUrl("/api/x", { q: "", status: undefined, form_type: "general", limit: 100 })).toBe("/api/x?form_type=general&limit=100");
    expect(listUrl("/api/x", {})).toBe("/api/x");
  });
});

describe("fetchAllPages", () => {
  it("follows X-Next-Cursor at the largest page size, with the same filters, until it is absent", async () => {
    const urls = serve({ "": { items: [1, 2], next: "c1" }, c1: { items: [3], next: "c2" }, c2: { items: [4] } });
    const progress: number[] = [];
    expect(await fetchAllPages<number>("/api/list", { q: "ada" }, (n) => progress.push(n))).toEqual([1, 2, 3, 4]);
    expect(urls).toEqual(["/api/list?q=ada&limit=100", "/api/list?q=ada&limit=100&cursor=c1", "/api/list?q=ada&limit=100&cursor=c2"]);
    expect(progress).toEqual([2, 3, 4]);
  });

  it("takes a list without the header as one page (a server without paging)", async () => {
    serve({ "": { items: [1, 2, 3] } });
    expect(await fetchAllPages<number>("/api/list", {})).toEqual([1, 2, 3]);
  });

  it("stops when the server repeats a cursor", async () => {
    const urls = serve({ "": { items: [1], next: "c1" }, c1: { items: [2], next: "c1" } });
    expect(await fetchAllPages<number>("/api/list", {})).toEqual([1, 2]);
    expect(urls).toHaveLength(2);
  });
});
