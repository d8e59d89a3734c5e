import { allowedAttributes, allowedTags, droppedWithContent, imageSchemes, keepsAttribute, linkSchemes, newTabRel } from "./contract/html-rules";

/**
 * HTML from editors (posts, policies) is sanitised on save with the rules of contract/html-rules.ts;
 * the web sanitises again at render with the same rules. Scripts, event handlers, and javascript:
 * URLs never survive, nor do `class`, `id` or `style`.
 *
 * sanitize-html (with postcss and htmlparser2) is loaded on the first save of HTML, not when the
 * editors' functions start: a cold function serving a read or a plain-text save never loads it.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  return (await loadSanitizer())(html);
}

/** The same sanitiser as a synchronous function, once loaded (the server render sanitises while it renders). */
export async function loadSanitizer(): Promise<(html: string) => string> {
  const { default: sanitize } = await import("sanitize-html");
  return (html) =>
    sanitize(html, {
      allowedTags: [...allowedTags],
      allowedAttributes: Object.fromEntries(Object.entries(allowedAttributes).map(([tag, names]) => [tag, [...names]])),
      nonTextTags: [...droppedWithContent],
      allowedSchemes: [...linkSchemes],
      allowedSchemesByTag: { img: [...imageSchemes] },
      allowProtocolRelative: false,
      // The shared rules decide each attribute (the options above say the same, as a second check).
      transformTags: {
        "*": (tagName, attribs) => {
          const kept = Object.fromEntries(
            Object.entries(attribs)
              .map(([name, value]) => [name, value.trim()] as const)
              .filter(([name, value]) => keepsAttribute(tagName, name, value)),
          );
          if (tagName === "a" && kept.target === "_blank") kept.rel = newTabRel;
          return { tagName, attribs: kept };
        },
      },
    });
}
