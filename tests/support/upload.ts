import { expect } from "vitest";
import type { CompletedUpload, MediaLibraryItem, UploadTicket } from "../../packages/core/src/contract/media";
import type { Visitor } from "./auth-flow";

/**
 * Uploads a JPEG through the media library as the back office does: sign, post the file to the
 * bucket as a browser of the site (`origin`) would, complete. Answers the completed image.
 */
export async function uploadJpeg(admin: Visitor, origin: string, bytes: Buffer, filename: string): Promise<CompletedUpload> {
  const sign = await admin.call("POST", "/api/admin/uploads", { body: { filename, content_type: "image/jpeg", size: bytes.length } });
  expect(sign.status, sign.text).toBe(201);
  const ticket = sign.json as UploadTicket;
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append("file", new Blob([Uint8Array.from(bytes)], { type: "image/jpeg" }), "upload");
  expect((await fetch(ticket.url, { method: "POST", body: form, headers: { origin } })).status).toBe(204);
  const done = await admin.call("POST", `/api/admin/uploads/${ticket.id}/complete`, { body: {} });
  expect(done.status, done.text).toBe(200);
  return done.json as CompletedUpload;
}

/**
 * Waits until the media library shows image `id` done with its sizes (made in the background after
 * completion) and answers its library item: status "ready", or "failed". Throws after 120 s (a
 * busy CI machine derives slowly).
 */
export async function settled(admin: Visitor, id: string): Promise<MediaLibraryItem> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const res = await admin.call("GET", "/api/admin/media?limit=100");
    expect(res.status, res.text).toBe(200);
    const item = (res.json as MediaLibraryItem[]).find((m) => m.id === id);
    if (item && item.status !== "processing") return item;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${id} still processing after 120 s`);
}
