import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import {
  AllowedMethods,
  CachedMethods,
  CachePolicy,
  Distribution,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CacheQueryStringBehavior,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as CloudFrontFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  type IOriginRequestPolicy,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
  type ICachePolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin, OriginGroup, S3Origin } from "aws-cdk-lib/aws-cloudfront-origins";
import { BlockPublicAccess, Bucket } from "aws-cdk-lib/aws-s3";
import { StaticSite, type StackContext } from "sst/constructs";
import { isProduction } from "./database";
import { allowDistribution, createMediaBucket, mediaBucketName, mediaCorsOrigins, mediaOrigin, mediaPathPattern, mediaUploadOrigin, withConnectSources } from "./media";
import { originVerifyHeader, permanentRedirects, previewPagePrefix, viewerIpHeader } from "@agency/core/edge";
import { previewRobots } from "@agency/core/contract/page-head";
import { routeKeys, routes } from "@agency/core/routes";
import { viewerUri } from "@agency/core/public-pages";
import { createWebAcl, edgeRegionProblem } from "./waf";
import { acceptNagFinding, acceptNagFindingInStack } from "./nag";
import { contentSecurityPolicy, hstsMaxAgeSeconds, mediaContentSecurityPolicy, permissionsPolicy } from "@agency/core/security-headers";

/** Where `npm run dev -w web` (Vite) serves the SPA while `sst dev` runs the functions. */
export const devSiteUrl = "http://localhost:5173";

/**
 * The site's viewer function, on its S3 behaviour only (so it never sees /api/* or /media/*; the
 * checks are a second lock). Which file answers an address is `viewerUri` of
 * packages/core/src/public-pages.ts, whose own source is put in here (the local static server runs
 * the same function): a public address is its rendered page, the back office, sign-in, previews and
 * the newsletter's link pages the shell as rendered with the settings, a preview link's page
 * /pages/preview/<token>.html (never in the bucket: the API answers it), a file as it is. A second
 * name of a page (permanentRedirects) answers 301. An address without a page (unknown, an
 * unpublished post, a post's earlier slug) is the origin group's failover to the API (below).
 */
export const pagesRewriteCode = `
var moved = ${JSON.stringify(permanentRedirects)};
${viewerUri.toString()}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var to = moved[uri.length > 1 ? uri.replace(/\\/+$/, "") : uri];
  if (to) return { statusCode: 301, statusDescription: "Moved Permanently", headers: { location: { value: to } } };
  request.uri = viewerUri(uri);
  return request;
}`;

/** The route CloudFront's site behaviour fails over to (packages/core/src/routes.ts): never a behaviour of its own. */
export const pagesFallbackPattern = "/pages/*";

/**
 * Behind CloudFront, API Gateway's source IP is an edge server's, shared by many visitors. This
 * viewer function records the visitor's own address in a header CloudFront sets (a value the
 * visitor sent under that name is overwritten); the origin header (both names in @agency/core/edge) proves the request came
 * through CloudFront, so the API trusts the address only then (packages/functions/src/http.ts).
 */
export const viewerIpCode = `
function handler(event) {
  event.request.headers["${viewerIpHeader}"] = { value: event.viewer.ip };
  return event.request;
}`;

/** The private preview page of a post: the SPA shell, never cached, never indexed. */
export const previewPathPattern = `${previewPagePrefix}*`;

/** `GET /api/blog-posts/{slug}` -> `/api/blog-posts/*`, a CloudFront path pattern. */
const pathPattern = (routeKey: string) => routeKey.slice(routeKey.indexOf(" ") + 1).replace(/\{[^}]+\}/g, "*");

/**
 * The path patterns CloudFront may cache, from the route table's `cache` flag. Everything else the
 * API serves (sessions, sign-in, admin, writes) falls under /api/*, which caches nothing.
 */
export function cacheablePathPatterns(): string[] {
  return [...new Set(routeKeys.filter((k) => "cache" in routes[k] && routes[k].cache).map(pathPattern))];
}

/** Routes served outside /api/ (the feeds) need a behaviour of their own to reach the API. */
export function rootLevelApiPathPatterns(): string[] {
  return [...new Set(routeKeys.map(pathPattern).filter((p) => !p.startsWith("/api/") && p !== pagesFallbackPattern))];
}

/**
 * The public face: the SPA from S3 behind CloudFront, with the HTTP API on the same origin so the
 * session cookie stays first-party.
 *
 * The HTTP API resource itself is created here, bare (no stage, no routes), because CloudFront must
 * point at it, while the functions behind it (infra/api.ts) need the site's URL: with the API
 * wholly in the Api stack, Api and Web would reference each other, which CloudFormation refuses.
 * So: Web owns the gateway and the distribution; Api adds routes, stage, throttling and functions.
 *
 * Media (infra/media.ts) is a private bucket behind the same distribution at /media/*; it lives
 * here too, beside the distribution that serves it, and only in deployed stages (like the site).
 */
/** The app context key under which sst.config.ts hands the stage's origin tokens to this stack. */
export const ORIGIN_VERIFY_CONTEXT = "agency:originVerifyTokens";

export function Web({ stack, app }: StackContext) {
  const region = edgeRegionProblem(stack.region);
  if (region) throw new Error(region);
  const gateway = new HttpApi(stack, "Gateway", {
    apiName: app.logicalPrefixedName("api"),
    createDefaultStage: false,
  });
  const apiDomain = `${gateway.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  // The stage's ORIGIN_VERIFY_TOKEN secret (infra/preflight.ts): CloudFront sends the first token,
  // the Api stack's functions accept every listed one. A request that reaches the API directly, not
  // through CloudFront, cannot know it. The same value every deploy, until it is rotated on purpose
  // (docs/operations.md). Unset only where nothing is deployed (`sst diff` or `sst build` without
  // the secret: preflight warns): then the functions trust no forwarded address.
  const originVerifyTokens = (app.node.tryGetContext(ORIGIN_VERIFY_CONTEXT) as string[] | undefined) ?? [];

  // Created with the distribution below (so not in `sst dev`), but named now: the origin needs the name.
  const mediaBucket = mediaBucketName(app, stack);

  const domain = process.env.SITE_DOMAIN?.trim() || undefined;
  const hostedZone = process.env.SITE_HOSTED_ZONE?.trim() || undefined;

  // Made with the distribution, used by the preview page's behaviour added after it (below).
  let previewHeaders: ResponseHeadersPolicy | undefined;
  let spaRewrite: CloudFrontFunction | undefined;
  let siteOrigin: OriginGroup | undefined;
  // The web bucket: the SPA's files and the rendered pages (`pages/`, written by the render function,
  // infra/api.ts). Created here rather than by StaticSite because the site behaviour's origin group
  // needs it before the site exists; the same settings as StaticSite's own (private, emptied and
  // deleted with the stage: everything in it is rebuilt by a deploy). `sst dev` deploys no site.
  const webBucket =
    app.mode === "dev"
      ? undefined
      : new Bucket(stack, "WebBucket", {
          publicReadAccess: false,
          blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
          autoDeleteObjects: true,
          removalPolicy: RemovalPolicy.DESTROY,
          enforceSSL: true,
        });
  if (webBucket) acceptNagFinding(webBucket, "S1", "No access-log bucket: only CloudFront (metrics, WAF samples) and the deploy read it.");

  // The distribution's web ACL (infra/waf.ts): rate limits per visitor and AWS's common rules.
  const waf = webBucket ? createWebAcl(stack, app.logicalPrefixedName("waf")) : undefined;

  const site = new StaticSite(stack, "Site", {
    path: "web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    customDomain: domain ? { domainName: domain, hostedZone } : undefined,
    // `sst dev` deploys no site; `npx sst bind npm run dev` in web/ hands Vite the API's URL.
    dev: { url: devSiteUrl },
    environment: { API_URL: `https://${apiDomain}` },
    // SST writes Vite env typings; the SPA reads no build-time env, so keep them out of web/src.
    vite: { types: "../.sst/web-env.d.ts" },
    // A deploy uploads the new build without deleting what the last one left: the rendered pages stay
    // served until the deploy's render replaces them (infra/api.ts), and the asset files a page
    // already in a reader's browser (or in CloudFront) names keep answering. Each deploy leaves its
    // hashed assets behind, a few hundred KB.
    purgeFiles: false,
    cdk: {
      bucket: webBucket,
      distribution: webBucket ? { ...distributionProps(webBucket), webAclId: waf!.webAcl.attrArn } : undefined,
    },
  });

  let media: ReturnType<typeof createMediaBucket> | undefined;
  if (site.cdk && previewHeaders && site.cdk.distribution instanceof Distribution) {
    // The preview page: the same SPA shell as the back office's, but kept by no cache (a revoked
    // link's page must not outlive it) and marked noindex. Its data, /api/preview/*, falls under
    // /api/*, which caches nothing either.
    // The site's origin group: the shell from the bucket, and the API's stand-in before it is rendered.
    site.cdk.distribution.addBehavior(previewPathPattern, siteOrigin!, {
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      responseHeadersPolicy: previewHeaders,
      compress: true,
      functionAssociations: [{ function: spaRewrite!, eventType: FunctionEventType.VIEWER_REQUEST }],
    });
  }
  if (site.cdk) {
    // SST adds its uploader's policy when it builds the site, after this code: so on the stack, by its findings.
    acceptNagFindingInStack(stack, "IAM5", "SST copies the built site from CDK's asset bucket into the web bucket at deploy.", [
      /^Resource::<WebBucket[0-9A-F]+\.Arn>\/\*$/,
      /:s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
    ]);
    const distribution = site.cdk.distribution;
    acceptNagFinding(distribution, "CFR1", "A public website, for visitors from every country.");
    acceptNagFinding(distribution, "CFR3", "No access-log bucket: the API's access log, the functions' logs, CloudFront's and the WAF's metrics cover it.");
    acceptNagFinding(distribution, "CFR7", "SST v2's StaticSite reads its private bucket through an origin access identity; media uses origin access control.");
    if (!domain)
      acceptNagFinding(distribution, "CFR4", "Without SITE_DOMAIN the site is on CloudFront's own certificate, whose TLS versions AWS sets; a domain gets TLSv1.2_2021.");
    // StaticSite always creates its "append .html" viewer function; ours replaces it on the default
    // behaviour, so drop the unused one rather than deploy it.
    site.node.tryRemoveChild("CloudFrontFunction");
    // Api imports the distribution's domain (PUBLIC_URL) until a custom domain replaces it. Export
    // it regardless, so that switch does not delete an export the deployed Api stack still uses.
    stack.exportValue(site.cdk.distribution.distributionDomainName);

    const production = isProduction(app.stage);
    const corsOrigins = mediaCorsOrigins({ customDomainUrl: site.customDomainUrl, cloudFrontUrl: site.url!, production });
    media = createMediaBucket(stack, { bucketName: mediaBucket, production, corsOrigins });
    allowDistribution(media, site.cdk.distribution);
  }

  function distributionProps(bucket: Bucket) {
    /** The headers every response carries; the CSP is the site's, or the media files' own. */
    const headersPolicy = (id: string, comment: string, csp: string, extraHeaders: { header: string; value: string }[] = []) =>
      new ResponseHeadersPolicy(stack, id, {
        comment,
        securityHeadersBehavior: {
          strictTransportSecurity: {
            accessControlMaxAge: Duration.seconds(hstsMaxAgeSeconds),
            includeSubdomains: true,
            override: true,
          },
          contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
          contentTypeOptions: { override: true },
          frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
          referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        },
        customHeadersBehavior: {
          customHeaders: [{ header: "Permissions-Policy", value: permissionsPolicy }, ...extraHeaders].map((h) => ({ ...h, override: true })),
        },
      });
    // The SPA posts presigned media uploads straight to the media bucket.
    const siteCsp = withConnectSources(contentSecurityPolicy, [mediaUploadOrigin(mediaBucket, stack.region)]);
    const securityHeaders = headersPolicy("SecurityHeaders", "HSTS, CSP, nosniff, frame and referrer policy", siteCsp);
    // Uploaded images: the Content-Type is the one completing the upload verified (the function's
    // copy to media/ sets it; nothing else may write there), never sniffed, and the file sandboxed.
    previewHeaders = headersPolicy("PreviewHeaders", "The preview page: the site's headers, noindex", siteCsp, [{ header: "X-Robots-Tag", value: previewRobots }]);
    const mediaHeaders = headersPolicy("MediaHeaders", "Uploaded images: nosniff, a sandboxing CSP, HSTS", mediaContentSecurityPolicy);

    // Public reads say `Cache-Control: public, max-age=0, must-revalidate, s-maxage=...`: CloudFront
    // keeps them for s-maxage (browsers revalidate every time, with the ETag); anything without a
    // Cache-Control is not kept (default TTL 0). Cookies and headers stay out of the key: the cached
    // responses are the same for everyone.
    const honourOriginCache = new CachePolicy(stack, "ApiCache", {
      comment: "Honours the API's Cache-Control; no cookies or headers in the key",
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      cookieBehavior: CacheCookieBehavior.none(),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const apiOrigin = new HttpOrigin(apiDomain, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: { [originVerifyHeader]: originVerifyTokens[0] ?? "unset: the functions trust no forwarded address" },
    });
    const viewerIp = new CloudFrontFunction(stack, "ViewerIp", {
      code: FunctionCode.fromInline(viewerIpCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: "Passes the visitor's address to the API",
    });
    // What the cached public reads send to the API: the query and the visitor's address, no cookies.
    // CloudFront answers a browser's If-None-Match with a 304 from its copy, and revalidates an
    // expired copy with the API by its ETag, only when no cookies are forwarded; nor do these
    // answers depend on any.
    const publicReadRequests = new OriginRequestPolicy(stack, "PublicReadRequests", {
      comment: "Public reads: query strings and the viewer address; no cookies, so ETag revalidation works",
      cookieBehavior: OriginRequestCookieBehavior.none(),
      headerBehavior: OriginRequestHeaderBehavior.allowList(viewerIpHeader),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    });
    const toApi = (cachePolicy: ICachePolicy, originRequestPolicy: IOriginRequestPolicy = OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER): BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
      // Everything the viewer sent (cookies, query, headers) but Host: API Gateway routes on its own.
      originRequestPolicy,
      cachePolicy,
      responseHeadersPolicy: securityHeaders,
      compress: true,
      functionAssociations: [{ function: viewerIp, eventType: FunctionEventType.VIEWER_REQUEST }],
    });

    // CloudFront matches behaviours in order: the cacheable routes first, then the rest of /api/*.
    const additionalBehaviors: Record<string, BehaviorOptions> = {};
    for (const pattern of cacheablePathPatterns()) additionalBehaviors[pattern] = toApi(honourOriginCache, publicReadRequests);
    for (const pattern of rootLevelApiPathPatterns()) additionalBehaviors[pattern] ??= toApi(CachePolicy.CACHING_DISABLED);
    additionalBehaviors["/api/*"] = toApi(CachePolicy.CACHING_DISABLED);
    // Media keys are immutable (a new upload gets a new key), so they are cached long, and served from
    // the private bucket through Origin Access Control. No viewer function: a missing object stays
    // S3's error, never the SPA shell.
    additionalBehaviors[mediaPathPattern] = {
      origin: mediaOrigin(stack, mediaBucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: mediaHeaders,
      compress: true,
    };

    return {
      // No distribution-wide error responses: StaticSite's default 403/404 -> /index.html would turn
      // the API's 404s, and a missing /media object, into HTML 200s. The site's own misses are the
      // origin group's: when the bucket has no such file (S3 answers 403 to CloudFront, which may not
      // list it, or 404), CloudFront asks the API for the same path, whose /pages/ route answers 301
      // for a post's earlier slug and 404 with the rendered not-found page (render/missing-page.ts).
      errorResponses: [],
      defaultBehavior: {
        origin: (siteOrigin = new OriginGroup({
          primaryOrigin: new S3Origin(bucket),
          fallbackOrigin: apiOrigin,
          fallbackStatusCodes: [403, 404],
        })),
        functionAssociations: [
          {
            function: (spaRewrite = new CloudFrontFunction(stack, "PagesRewrite", {
              code: FunctionCode.fromInline(pagesRewriteCode),
              runtime: FunctionRuntime.JS_2_0,
              comment: "Public addresses get their rendered page; app paths the SPA shell",
            })),
            eventType: FunctionEventType.VIEWER_REQUEST,
          },
        ],
        // Pages say `s-maxage` of a year and are invalidated by the render that replaces them
        // (packages/functions/src/render/s3-store.ts); the SPA's files keep StaticSite's headers.
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
      },
      additionalBehaviors,
    };
  }

  const publicUrl = site.customDomainUrl ?? site.url ?? devSiteUrl;
  stack.addOutputs({ SiteUrl: publicUrl });

  return { gateway, site, webBucket, apiDomain, publicUrl, originVerifyTokens, media, waf };
}
