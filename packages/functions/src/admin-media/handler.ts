import { HttpError } from "@agency/core/errors";
import { http } from "../http";
import { pageReply } from "../page-reply";

/**
 * PLACEHOLDER, replaced by the media-api branch's handler when the branches merge (take theirs).
 * It exists so that the infrastructure (infra/media.ts) can be built and synthesised now: every
 * feature in infra/routes.ts needs a handler to bundle. Until then there is no media to list, and
 * uploads and deletions answer 501.
 */
const notYet = async () => {
  throw new HttpError(501, "Media uploads are not available yet");
};

export const handler = http({
  "POST /api/admin/uploads": notYet,
  "POST /api/admin/uploads/{id}/complete": notYet,
  "GET /api/admin/media": async () => pageReply({ items: [] }),
  "DELETE /api/admin/media/{id}": notYet,
});
