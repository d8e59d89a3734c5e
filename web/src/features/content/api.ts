import { useQuery } from "@tanstack/react-query";
import type { Course as StoredCourse, Industry, Service as StoredService, ServiceDetail } from "@agency/core/contract/catalog";
import type { WithImages } from "@agency/core/contract/media";
import type { PageSlug, PageSection } from "@agency/core/contract/page-sections";
import { api } from "../../lib/api";

/**
 * Public reads. A failed public fetch is only logged (SPEC §8): screens keep their default texts
 * and end their spinners with empty lists.
 */
export async function publicGet<T>(path: string, onHeaders?: (headers: Headers) => void): Promise<T> {
  try {
    return await api.get<T>(path, undefined, onHeaders);
  } catch (err) {
    // In the browser only: a page rendered on the server meets a missing or moved post as an answer.
    if (typeof window !== "undefined") console.error(`Failed to load ${path}:`, err);
    throw err;
  }
}

/** A service or course as the public list answers it: with the sizes of its image. */
export type Service = StoredService & Partial<WithImages>;
export type Course = StoredCourse & Partial<WithImages>;

/** The public catalogue and settings reads, each under one query key: the hooks below and the route loaders (lib/page-loader.ts) share them. */
export const contentQueries = {
  services: () => ({ queryKey: ["services"], queryFn: () => publicGet<Service[]>("/api/services") }),
  industries: () => ({ queryKey: ["industries"], queryFn: () => publicGet<Industry[]>("/api/industries") }),
  courses: () => ({ queryKey: ["courses"], queryFn: () => publicGet<Course[]>("/api/courses") }),
  serviceDetails: () => ({ queryKey: ["service-details"], queryFn: () => publicGet<ServiceDetail[]>("/api/service-details") }),
  /** GET /api/site-settings: the public key -> value map (site_title, meta_description, contact_*, ...). */
  siteSettings: () => ({ queryKey: ["site-settings"], queryFn: () => publicGet<Record<string, string>>("/api/site-settings"), staleTime: 5 * 60_000 }),
};

export const useServices = () => useQuery(contentQueries.services());

export const useIndustries = () => useQuery(contentQueries.industries());

export const useCourses = () => useQuery(contentQueries.courses());

export const useServiceDetails = () => useQuery(contentQueries.serviceDetails());

export const pageSectionsQuery = (page: PageSlug) => ({
  queryKey: ["page-sections", page],
  queryFn: () => publicGet<PageSection[]>(`/api/page-sections/${page}`),
});

export const usePageSections = (page: PageSlug) => useQuery(pageSectionsQuery(page));

/** A section's text: title preferred, then content, then video_url (SPEC §7). */
export const sectionText = (s: Pick<PageSection, "title" | "content" | "video_url"> | undefined) => s?.title?.trim() || s?.content?.trim() || s?.video_url?.trim() || "";

/**
 * The page's texts: each key of `defaults` is a section_key; a server section with text overrides
 * the default, anything missing (or a failed load) keeps it.
 */
export function usePageTexts<K extends string>(page: PageSlug, defaults: Record<K, string>) {
  const query = usePageSections(page);
  const texts = { ...defaults };
  for (const section of query.data ?? []) {
    if (Object.hasOwn(texts, section.section_key)) {
      const text = sectionText(section);
      if (text) texts[section.section_key as K] = text;
    }
  }
  return { texts, isPending: query.isPending };
}

export const useSiteSettings = () => useQuery(contentQueries.siteSettings());

/**
 * Fallbacks for the settings the public pages show, used until (or if) the settings load. The
 * title and description fall back to index.html's own, read once at start-up.
 */
const initialDescription = typeof document === "undefined" ? "" : (document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? "");
export const defaultSettings = {
  company_name: "Arcline AI",
  site_title: typeof document === "undefined" ? "Arcline AI" : document.title,
  meta_description: initialDescription,
  contact_email: "hello@arcline.ai",
  contact_phone: "+1 (555) 014-2290",
  company_address: "350 Fifth Avenue, Suite 4100, New York, NY 10118",
  social_media_twitter: "",
  social_media_linkedin: "",
  social_media_facebook: "",
  documentation_url: "",
  support_url: "",
  /** The link preview of pages without an image of their own: a library image's og.jpg, or a URL. */
  default_social_image: "",
};
export type PublicSettings = typeof defaultSettings & Record<string, string>;

export function useSettings(): PublicSettings {
  const { data } = useSiteSettings();
  const out: PublicSettings = { ...defaultSettings };
  for (const [k, v] of Object.entries(data ?? {})) if (typeof v === "string" && v.trim()) out[k] = v.trim();
  return out;
}
