import { expect } from "vitest";
import type { CompletedUpload, UploadTicket } from "../../packages/core/src/contract/media";
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
