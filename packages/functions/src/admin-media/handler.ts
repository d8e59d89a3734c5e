import { mediaListQuery, mediaUpdate, uploadRequest } from "@agency/core/contract/media";
import { Media } from "@agency/core/media/media";
import { http, reply } from "../http";
import { pageReply } from "../page-reply";
import { toTrash } from "../trash";

/**
 * Image uploads and the media library (contract/media.ts). The file itself never passes through
 * here: the browser posts it straight to the bucket with the signed form, then asks for it to be
 * checked and served.
 */
export const handler = http({
  "POST /api/admin/uploads": async (req) => reply.created(await Media.startUpload(req.body(uploadRequest))),
  // No body is read: the web client sends `{}`, anything else is ignored.
  "POST /api/admin/uploads/{id}/complete": ({ params }) => Media.complete(params.id ?? ""),
  "GET /api/admin/media": async (req) => pageReply(await Media.list(mediaListQuery.parse(req.query))),
  "PUT /api/admin/media/{id}": (req) => Media.update(req.params.id ?? "", req.body(mediaUpdate)),
  "DELETE /api/admin/media/{id}": async (req) => {
    const removed = await Media.remove(req.params.id ?? "");
    await toTrash(req, "media", removed);
    req.audit({ record: removed });
    return { success: true };
  },
});
