import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Course, Industry, Service, ServiceDetail } from "@agency/core/contract/catalog";
import type { RevisionEntity } from "@agency/core/contract/revisions";
import { api } from "../../lib/api";

/**
 * The four curated catalogues of the back office (services, industries, courses, service details):
 * short lists read whole, each item saved at the version it was read (contract/versioned.ts). A
 * write refreshes the admin list and the public list the site shows (same browser, same cache).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- T is the item type the screens' hooks take from the api object
export interface CatalogApi<T> {
  /** The catalogue's name in the API, also its revisions' (contract/revisions.ts). */
  entity: RevisionEntity;
  path: string;
  key: readonly string[];
  publicKey: readonly string[];
}

const catalog = <T>(name: RevisionEntity, publicName: string): CatalogApi<T> => ({
  entity: name,
  path: `/api/admin/${name}`,
  key: ["admin", name],
  publicKey: [publicName],
});

export const servicesApi = catalog<Service>("services", "services");
export const industriesApi = catalog<Industry>("industries", "industries");
export const coursesApi = catalog<Course>("courses", "courses");
export const serviceDetailsApi = catalog<ServiceDetail>("service-details", "service-details");

const byOrder = <T extends { order_index: number }>(list: T[]) => [...list].sort((a, b) => a.order_index - b.order_index);

export function useCatalog<T extends { order_index: number }>(c: CatalogApi<T>) {
  return useQuery({ queryKey: c.key, queryFn: async () => byOrder(await api.get<T[]>(c.path)) });
}

/** The latest stored copy of one item (after a conflict); undefined when it is gone. */
export async function fetchLatest<T extends { id: string }>(c: CatalogApi<T>, id: string): Promise<T | undefined> {
  const list = await api.get<T[]>(c.path);
  return list.find((item) => item.id === id);
}

function useRefresh<T>(c: CatalogApi<T>) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: c.key }), queryClient.invalidateQueries({ queryKey: c.publicKey })]);
}

/** POST (no record) or PUT of the changed fields at the record's version; answers the stored item. */
export function useSaveCatalogItem<T extends { id: string; version: number }>(c: CatalogApi<T>) {
  const refresh = useRefresh(c);
  return useMutation({
    mutationFn: ({ record, fields }: { record: T | undefined; fields: Record<string, unknown> }) =>
      record ? api.put<T>(`${c.path}/${encodeURIComponent(record.id)}`, { ...fields, version: record.version }) : api.post<T>(c.path, fields),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteCatalogItem<T extends { id: string }>(c: CatalogApi<T>) {
  const refresh = useRefresh(c);
  return useMutation({
    mutationFn: (item: T) => api.delete<unknown>(`${c.path}/${encodeURIComponent(item.id)}`),
    onSuccess: () => refresh(),
  });
}
