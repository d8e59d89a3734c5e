import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";
import { previewPagePrefix } from "../edge";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import type { BlogPost } from "./blog";

/** How long a preview link opens the post. */
export const PREVIEW_LINK_DAYS = 7;
const PREVIEW_LINK_MS = PREVIEW_LINK_DAYS * 24 * 60 * 60 * 1000;

/** No genuine token is near this long (an id, two numbers and a 43-character MAC). */
const MAX_TOKEN_LENGTH = 400;

/**
 * Not a dot: a last path segment with a dot is a file to the SPA fallback (CloudFront's rewrite and
 * the local gateway), which would answer the page with a 404 instead of the shell.
 */
const SEPARATOR = "~";
const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const mac = (secret: string, postId: string, generation: number, expires: number) =>
  createHmac("sha256", secret).update(`preview-link\n${postId}\n${generation}\n${expires}`).digest("base64url");

const notFound = () => new NotFoundError("Preview not found");

export interface SignedPreview {
  token: string;
  /** ISO 8601, UTC. */
  expires_at: string;
}

/**
 * The signer of preview links: `<post id, base64url>~<generation>~<expiry, epoch seconds>~<HMAC>`,
 * HMAC-SHA256 under PREVIEW_LINK_SECRET. The generation is the post's preview generation when the
 * link was made: revoking bumps it, which ends every link made before (PreviewLinks.revoke).
 */
export const PreviewSigner = {
  sign(postId: string, generation: number, now = Date.now()): SignedPreview {
    const secret = config.previewLinkSecret;
    if (!secret) throw new Error("PREVIEW_LINK_SECRET is not set: preview links cannot be signed");
    const expires = Math.floor((now + PREVIEW_LINK_MS) / 1000);
    return { token: [b64(postId), generation, expires, mac(secret, postId, generation, expires)].join(SEPARATOR), expires_at: new Date(expires * 1000).toISOString() };
  },

  /** The post and generation a genuine, unexpired token names; undefined for anything else. */
  verify(token: string, now = Date.now()): { postId: string; generation: number } | undefined {
    const secret = config.previewLinkSecret;
    if (!secret || token.length > MAX_TOKEN_LENGTH) return undefined;
    const parts = token.split(SEPARATOR);
    if (parts.length !== 4) return undefined;
    const [id, gen, exp, signature] = parts as [string, string, string, string];
    if (!/^[A-Za-z0-9_-]+$/.test(id) || !/^\d{1,9}$/.test(gen) || !/^\d{1,12}$/.test(exp)) return undefined;
    const postId = Buffer.from(id, "base64url").toString("utf8");
    // One spelling per link: a re-encoded id that differs is not the token that was signed.
    if (b64(postId) !== id) return undefined;
    const generation = Number(gen);
    const expires = Number(exp);
    const expected = Buffer.from(mac(secret, postId, generation, expires));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (expires * 1000 <= now) return undefined;
    return { postId, generation };
  },
};

async function existingPost(id: string): Promise<BlogPost> {
  const { data } = await db().blogPost.get({ id }).go();
  if (!data) throw new NotFoundError("Blog post not found");
  return data;
}

const generationOf = async (postId: string) => (await db().previewKey.get({ post_id: postId }).go()).data?.generation ?? 0;

/**
 * Private preview links: anyone holding one sees the post as last saved, as visitors would, for
 * PREVIEW_LINK_DAYS, until the post's links are revoked. A tampered, expired or revoked link, or
 * one of a deleted post, is not found.
 */
export const PreviewLinks = {
  /** A new link to the post (404 when there is no such post), and the post it opens. */
  async create(postId: string, now = Date.now()): Promise<{ link: { url: string; expires_at: string }; post: BlogPost }> {
    const post = await existingPost(postId);
    const { token, expires_at } = PreviewSigner.sign(post.id, await generationOf(post.id), now);
    return { link: { url: `${config.publicUrl}${previewPagePrefix}${token}`, expires_at }, post };
  },

  /** Ends every link made so far (404 when there is no such post); answers the post. */
  async revoke(postId: string): Promise<BlogPost> {
    const post = await existingPost(postId);
    // An upsert: the first revoke of a post creates its record at generation 1.
    await db().previewKey.update({ post_id: post.id }).add({ generation: 1 }).go({ response: "none" });
    return post;
  },

  /** The post a link opens, as the public read answers a post. */
  async open(token: string, now = Date.now()) {
    const link = PreviewSigner.verify(token, now);
    if (!link) throw notFound();
    const [generation, post] = await Promise.all([
      generationOf(link.postId),
      db()
        .blogPost.get({ id: link.postId })
        .go()
        .then((r) => r.data),
    ]);
    if (!post || generation !== link.generation) throw notFound();
    // Loaded here, not at the top: the admin function that makes links never opens one.
    const { publicPost } = await import("./public-post");
    return publicPost(post);
  },
};
