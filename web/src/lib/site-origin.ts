/** The origin of the render under way, set by entry-server.tsx (each render has its own). */
let serverOrigin: () => string = () => "";

/** The site's origin: the page's own in a browser; PUBLIC_URL's while pages are rendered on the server. */
export const siteOrigin = () => (typeof window === "undefined" ? serverOrigin() : window.location.origin);

export const setServerOrigin = (origin: () => string) => {
  serverOrigin = origin;
};
