/**
 * The headers between the site's CloudFront and the API: CloudFront's viewer function records the
 * visitor's address under `viewerIpHeader`, and the API origin carries `originVerifyHeader` with a
 * secret token, which proves a request came through CloudFront (infra/web.ts sets both; the http
 * wrapper, packages/functions/src/http.ts, reads them). No dependencies: infra imports it.
 */
export const viewerIpHeader = "x-viewer-ip";
export const originVerifyHeader = "x-origin-verify";
