import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type PageSectionUpdate, type PageSlug, type PageSection } from "@agency/core/contract/page-sections";
import type { Revision, RevisionSummary } from "@agency/core/contract/revisions";
import { api } from "../../lib/api";
import { pageSectionsQuery } from "./api";

const adminSectionsKey = (page: string) => ["admin", "page-sections", page] as const;

/** Every section of a page, inactive ones included (GET /api/admin/page-sections/{pageSlug}). */
export const fetchAdminSections = (page: PageSlug) => api.get<PageSection[]>(`/api/admin/page-sections/${page}`);

export const useAdminSections = (page: PageSlug) => useQuery({ queryKey: adminSectionsKey(page), queryFn: () => fetchAdminSections(page) });

/** The latest stored copy of one section (after a conflict). */
export async function fetchLatestSection(section: PageSection): Promise<PageSection | undefined> {
  return (await fetchAdminSections(section.page_slug as PageSlug)).find((s) => s.id === section.id);
}

/**
 * The page a section is on, from its newest revision (an Activity row names only the section's id;
 * any section that has an entry was saved, so it has a revision). Undefined when none is kept.
 */
export async function fetchSectionPage(id: string): Promise<PageSlug | undefined> {
  const [newest] = await api.get<RevisionSummary[]>(`/api/admin/revisions?entity=page-sections&id=${encodeURIComponent(id)}&limit=1`);
  if (!newest) return undefined;
  const { snapshot } = await api.get<Revision>(`/api/admin/revisions/${encodeURIComponent(newest.id)}`);
  return typeof snapshot.page_slug === "string" ? (snapshot.page_slug as PageSlug) : undefined;
}

/** The page of the section an Activity link (`?history=`) names, fetched once. */
export const useSectionPage = (id: string | undefined) =>
  useQuery({ queryKey: ["admin", "section-page", id], queryFn: () => fetchSectionPage(id!), enabled: Boolean(id), staleTime: Infinity });

/**
 * PUT /api/admin/page-sections/{id}: the changed fields at the version read. Answers the stored
 * section; the cached lists (admin and public) take it at once.
 */
export function useSaveSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ section, fields }: { section: PageSection; fields: Omit<PageSectionUpdate, "version"> }) =>
      api.put<PageSection>(`/api/admin/page-sections/${encodeURIComponent(section.id)}`, { ...fields, version: section.version }),
    onSuccess: (saved) => {
      queryClient.setQueryData<PageSection[]>(adminSectionsKey(saved.page_slug), (list) => list?.map((s) => (s.id === saved.id ? saved : s)));
      void queryClient.invalidateQueries({ queryKey: pageSectionsQuery(saved.page_slug as PageSlug).queryKey });
    },
  });
}
