import { useMutation } from "@tanstack/react-query";
import type { CompletedUpload, MediaItem, MediaLibraryItem, MediaUpdate, UploadTicket } from "@agency/core/contract/media";
import { api, ApiError } from "../../lib/api";
import { useInvalidate, usePagedList } from "../../lib/paged";

const BASE = "/api/admin/media";

/** A completed upload as the media library lists it (contract/media.ts). */
export type AdminMedia = MediaLibraryItem;
export const mediaKeys = { list: ["admin", "media", "list"] } as const;

/** Completed uploads, newest first, paged; each says where it is used. `q` searches names and alt texts on the server. */
export const useMediaList = (q = "") => usePagedList<AdminMedia>(mediaKeys.list, BASE, { q: q.trim() }, { freshOnMount: true });

/** The browser's POST of the file to storage, with progress (fetch has none for uploads). */
function postToStorage(ticket: UploadTicket, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
    form.append("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", ticket.url);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiError(xhr.status, "The storage refused the file. Please try again.")));
    xhr.onerror = () => reject(new TypeError("Network error"));
    xhr.send(form);
  });
}

/**
 * One image, uploaded: ask for a signed ticket (the server checks type and size first), post the
 * file straight to storage, then have the server check what arrived (its first bytes must be the
 * claimed image type) and file it. Answers the media item: the one already in the library, marked
 * `duplicate`, when it holds these bytes.
 */
export async function uploadImage(file: File, onProgress: (fraction: number) => void = () => {}): Promise<CompletedUpload> {
  const ticket = await api.post<UploadTicket>("/api/admin/uploads", { filename: file.name, content_type: file.type, size: file.size });
  await postToStorage(ticket, file, onProgress);
  return api.post<CompletedUpload>(`/api/admin/uploads/${encodeURIComponent(ticket.id)}/complete`, {});
}

export function useUploadImage() {
  const invalidate = useInvalidate(mediaKeys.list);
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => uploadImage(file, onProgress),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteMedia() {
  const invalidate = useInvalidate(mediaKeys.list);
  return useMutation({
    mutationFn: (item: AdminMedia) => api.delete<unknown>(`${BASE}/${encodeURIComponent(item.id)}`),
    onSuccess: () => invalidate(),
  });
}

/** Renames an image and sets its default alt text. */
export function useUpdateMedia() {
  const invalidate = useInvalidate(mediaKeys.list);
  return useMutation({
    mutationFn: ({ item, changes }: { item: AdminMedia; changes: MediaUpdate }) => api.put<MediaItem>(`${BASE}/${encodeURIComponent(item.id)}`, changes),
    onSuccess: () => invalidate(),
  });
}
