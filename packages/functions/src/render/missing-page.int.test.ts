import { describe, expect, it } from "vitest";
import { BlogEditor } from "@agency/core/blog/editor";
import { blogPostInput } from "@agency/core/contract/blog";
import { NotFoundError } from "@agency/core/errors";
import { PUBLIC_CACHE } from "../http";
import { missingPage } from "./missing-page";

const uid = () => Math.random().toString(36).slice(2, 10);

describe("an address without a rendered page (CloudFront's failover)", () => {
  it("answers 301 to a post's current address from an earlier slug, cached like a public read", async () => {
    const p = await BlogEditor.create(blogPostInput.parse({ title: "A post", slug: `first-${uid()}`, content: "<p>Hi</p>", is_published: true }));
    const current = `moved-${uid()}`;
    await BlogEditor.update(p.id, { slug: current, version: 1 });
    const reply = await missingPage(`blog/${p.slug}.html`);
    expect(reply.status).toBe(301);
    expect(reply.headers).toEqual({ location: `/blog/${current}`, "cache-control": PUBLIC_CACHE });
  });

  it("is not found for an unpublished post, an unknown address, and a post's current slug (its page is the bucket's)", async () => {
    const draft = await BlogEditor.create(blogPostInput.parse({ title: "Draft", slug: `draft-${uid()}`, content: "<p>Hi</p>", is_published: false }));
    // No web bucket here (the local runtime serves its pages itself): a plain 404.
    await expect(missingPage(`blog/${draft.slug}.html`)).rejects.toBeInstanceOf(NotFoundError);
    await expect(missingPage("no-such-page.html")).rejects.toBeInstanceOf(NotFoundError);
    await expect(missingPage(`blog/unknown-${uid()}.html`)).rejects.toBeInstanceOf(NotFoundError);
  });
});
