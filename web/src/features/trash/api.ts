import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SiteImportResult } from "@agency/core/contract/site-export";
import type { TrashItem } from "@agency/core/contract/trash";
import { api } from "../../lib/api";
import { usePagedList } from "../../lib/paged";

const BASE = "/api/admin/trash";

export const trashKeys = { list: ["admin", "trash", "list"] } as const;

/** What was deleted, newest first, paged by the server; `entity` "" is every kind the role may see. */
export const useTrash = (entity: string) => usePagedList<TrashItem>(trashKeys.list, BASE, { entity }, { freshOnMount: true });

/**
 * Restore or purge one item. Either changes the Trash, and a restore every list its item is back
 * in (posts, a catalogue, the library, an inbox, the Overview's counts): every admin query reloads.
 */
function useTrashAction(call: (item: TrashItem) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }) });
}
export const useRestoreTrash = () => useTrashAction((item) => api.post(`${BASE}/${encodeURIComponent(item.id)}/restore`, {}));
export const usePurgeTrash = () => useTrashAction((item) => api.delete(`${BASE}/${encodeURIComponent(item.id)}`));

/**
 * Replaces the site's content with an export file (POST /api/admin/import?mode=replace), sent as the
 * file's own text: the server judges it (400 not JSON, another format, a newer version; 413 too
 * large). Every admin list may change, the Trash gains the kept export: every admin query reloads.
 */
export function useImportSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.postText<SiteImportResult>("/api/admin/import?mode=replace", text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
