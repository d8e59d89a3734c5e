import type { RevisionEntity } from "../contract/revisions";

/**
 * The save paths' one call into history (Revisions.baseline): after a save of an item landed, and
 * before the http wrapper stores the save's own revision, keeps the item as it was when it had no
 * history yet. Loaded on the first save, so the public functions that read these modules never
 * bundle the revision code.
 */
export async function keepOriginal(entity: RevisionEntity, item_id: string, before: object): Promise<void> {
  const { Revisions } = await import("./revisions");
  await Revisions.baseline(entity, item_id, before as Record<string, unknown>);
}
