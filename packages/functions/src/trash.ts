import type { TrashEntity } from "@agency/core/contract/trash";
import { actorOf } from "./audit";
import type { Request } from "./request";

/**
 * The delete routes' one call into the Trash: what a delete removed is kept there, by the admin who
 * deleted it, for TRASH_DAYS (the Trash screen restores or purges it). Loaded by the first delete.
 */
export async function toTrash(req: Request, entity: TrashEntity, record: object): Promise<void> {
  const { Trash } = await import("@agency/core/trash/trash");
  if (req.session) await Trash.keep(entity, record, actorOf(req.session));
}

/** Keeps each record a bulk delete removed (the `removed` callback of a bulk action). */
export const trashing = (req: Request, entity: TrashEntity) => (record: object) => toTrash(req, entity, record);
