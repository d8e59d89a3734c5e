/**
 * The security headers every response of the site carries. CloudFront sets them through a response
 * headers policy (infra/web.ts); the values live here, in the shared package and free of
 * dependencies, so the local runtime can send the very same headers.
 *
 * The CSP allows no plugins and one inline script: the page's boot script (web/src/boot.js, inlined
 * by the build), by its hash. Styles may be inline: sanitised post HTML keeps style attributes.
 * Images, videos and embedded frames come from URLs an admin enters, so any https source is allowed
 * for those, and nothing else.
 */

/**
 * `sha256-` and the base64 SHA-256 of web/src/boot.js, byte for byte. A change to that file changes
 * it (security-headers.test.ts computes it and says the new value); until both change together the
 * browser refuses the script and no page starts its app.
 */
export const bootScriptHash = "sha256-CGSpLjVperxs/S3D3Lc968mo/+P+Jup9wkgoZ9aI2YY=";

export const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' '${bootScriptHash}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "media-src 'self' https:",
  "frame-src https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "upgrade-insecure-requests",
].join("; ");

/**
 * The policy of every uploaded image (`/media/*`, locally and in CloudFront): nothing may load, and
 * opened on its own it is a sandboxed document (no script, its own opaque origin). An <img> is not
 * affected; a file that is not what it claims to be, opened directly, can do nothing on the site's
 * origin.
 */
export const mediaContentSecurityPolicy = "default-src 'none'; sandbox";

/** Two years, the HSTS preload list's own requirement; browsers then never try plain http. */
export const hstsMaxAgeSeconds = 63_072_000;

export const referrerPolicy = "strict-origin-when-cross-origin";

export const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/** As response headers (lowercase names), for servers that are not CloudFront. */
export const securityHeaders: Readonly<Record<string, string>> = {
  "strict-transport-security": `max-age=${hstsMaxAgeSeconds}; includeSubDomains`,
  "content-security-policy": contentSecurityPolicy,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": referrerPolicy,
  "permissions-policy": permissionsPolicy,
};
