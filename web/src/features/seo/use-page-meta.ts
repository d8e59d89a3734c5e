import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { clip } from "../../lib/format";
import { useSettings } from "../content/api";

export interface PageMeta {
  /** The page's own name ("About Us"); the home page leaves it out and gets site_title. */
  title?: string;
  /** Defaults to the meta_description setting. */
  description?: string;
  /** An absolute http(s) image URL for link previews. */
  image?: string;
  type?: "website" | "article";
  /** A robots directive for this page only (a private preview's "noindex, nofollow"). */
  robots?: string;
}

function setMeta(attr: "name" | "property", key: string, content: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(href: string) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement("link");
    el.rel = "canonical";
    document.head.appendChild(el);
  }
  el.href = href;
}

/**
 * Sets <title>, the meta description, the canonical link and the Open Graph tags of the current
 * page, from the site_title and meta_description settings (or the page's own values).
 */
export function usePageMeta({ title, description, image, type = "website", robots }: PageMeta) {
  const settings = useSettings();
  const { pathname } = useLocation();
  const fullTitle = title ? `${title} | ${settings.company_name}` : settings.site_title;
  const desc = clip(description || settings.meta_description);
  const img = image && /^https?:\/\//i.test(image) ? image : undefined;

  useEffect(() => {
    const url = `${window.location.origin}${pathname}`;
    document.title = fullTitle;
    setMeta("name", "description", desc);
    setCanonical(url);
    setMeta("property", "og:site_name", settings.company_name);
    setMeta("property", "og:type", type);
    setMeta("property", "og:title", title ?? fullTitle);
    setMeta("property", "og:description", desc);
    setMeta("property", "og:url", url);
    setMeta("property", "og:image", img);
    // X/Twitter reads og:title, og:description and og:image when its own tags are absent.
    setMeta("name", "twitter:card", img ? "summary_large_image" : "summary");
  }, [fullTitle, desc, img, type, pathname, title, settings.company_name]);

  useEffect(() => {
    if (!robots) return;
    setMeta("name", "robots", robots);
    return () => setMeta("name", "robots", undefined);
  }, [robots]);
}
