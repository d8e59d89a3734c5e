/**
 * `npm run smoke -- <site URL>`: after a deploy (.github/workflows/deploy.yml) or against the local
 * runtime (tests/api/smoke.test.ts), 10 public addresses and 3 API calls, each with its expected
 * status and headers: the CSP and nosniff on every answer, HSTS over https, and a Cache-Control that
 * fits (pages revalidate, public reads are shared-cacheable, API answers to one visitor are not kept).
 *
 * The write is a dry run: `POST /api/contact` with an empty form. It takes the path a real message
 * takes (the web ACL's tight rate limit, the gateway's write throttle, the contact function and its
 * validation) and is refused with 400 naming the fields, so nothing is stored and no one is mailed.
 * Exit 1 on any failed check, listing each.
 */
import { pathToFileURL } from "node:url";

export interface Check {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  status: number;
  /** What Cache-Control must say. */
  cache: RegExp;
  /** What Content-Type must say. */
  type: RegExp;
  /** Anything else to look at in the answer; a string is a failure. */
  also?: (res: Response, body: string) => string | undefined;
}

const html = /^text\/html/;
/** A page or the app shell: a browser asks again every time (an ETag makes that cheap). */
const revalidate = /no-cache|max-age=0/;
/** The API's public reads and the feeds: CloudFront may keep them (s-maxage), a browser revalidates. */
const sharedCache = /public.*s-maxage=\d+/;
const notKept = /no-store|private/;

const page = (path: string, name: string): Check => ({ name, method: "GET", path, status: 200, cache: revalidate, type: html });
const feed = (path: string, type: RegExp): Check => ({ name: path, method: "GET", path, status: 200, cache: sharedCache, type });

export const checks: Check[] = [
  page("/", "home page"),
  page("/about", "about page"),
  page("/services", "services page"),
  page("/tech-school", "tech school page"),
  page("/blog", "blog"),
  page("/contact", "contact page"),
  page("/admin/login", "admin sign-in (the app shell)"),
  feed("/robots.txt", /^text\/plain/),
  feed("/sitemap.xml", /xml/),
  feed("/rss.xml", /xml/),
  {
    name: "public read: site settings",
    method: "GET",
    path: "/api/site-settings",
    status: 200,
    cache: sharedCache,
    type: /^application\/json/,
  },
  {
    name: "public write, dry run: an empty contact form is refused, naming its fields",
    method: "POST",
    path: "/api/contact",
    body: {},
    status: 400,
    cache: notKept,
    type: /^application\/json/,
    also: (_res, body) => (/"fields"/.test(body) && /email/.test(body) ? undefined : `the 400 does not name the fields: ${body.slice(0, 200)}`),
  },
  {
    name: "admin API without a session",
    method: "GET",
    path: "/api/admin/me",
    status: 401,
    cache: notKept,
    type: /^application\/json/,
  },
];

export interface Result {
  check: Check;
  problems: string[];
}

export async function smoke(siteUrl: string, { timeoutMs = 20_000 } = {}): Promise<Result[]> {
  const base = new URL(siteUrl);
  const https = base.protocol === "https:";
  const results: Result[] = [];
  for (const check of checks) {
    const problems: string[] = [];
    try {
      const res = await fetch(new URL(check.path, base), {
        method: check.method,
        headers: { accept: check.type === html ? "text/html" : "*/*", ...(check.body === undefined ? {} : { "content-type": "application/json" }) },
        body: check.body === undefined ? undefined : JSON.stringify(check.body),
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await res.text();
      const header = (name: string) => res.headers.get(name) ?? "";
      if (res.status !== check.status) problems.push(`status ${res.status}, expected ${check.status}`);
      if (!check.type.test(header("content-type"))) problems.push(`Content-Type "${header("content-type")}", expected ${check.type}`);
      if (!check.cache.test(header("cache-control"))) problems.push(`Cache-Control "${header("cache-control")}", expected ${check.cache}`);
      if (!/default-src 'self'/.test(header("content-security-policy")) || !/frame-ancestors 'none'/.test(header("content-security-policy"))) {
        problems.push(`Content-Security-Policy "${header("content-security-policy")}" is not the site's`);
      }
      if (header("x-content-type-options") !== "nosniff") problems.push("no X-Content-Type-Options: nosniff");
      if (https && !/max-age=\d{7,}/.test(header("strict-transport-security"))) problems.push(`Strict-Transport-Security "${header("strict-transport-security")}" over https`);
      const also = check.also?.(res, body);
      if (also) problems.push(also);
    } catch (err) {
      problems.push(`no answer: ${(err as Error).message}`);
    }
    results.push({ check, problems });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.argv[2];
  if (!url || !/^https?:\/\//.test(url)) {
    console.error("usage: npm run smoke -- <site URL>   (e.g. https://d1234.cloudfront.net)");
    process.exit(2);
  }
  const results = await smoke(url);
  for (const { check, problems } of results) {
    console.log(`${problems.length ? "FAIL" : "ok  "} ${check.method} ${check.path} (${check.name})`);
    for (const p of problems) console.log(`       ${p}`);
  }
  const failed = results.filter((r) => r.problems.length).length;
  console.log(`smoke: ${results.length - failed} passed, ${failed} failed against ${url}`);
  process.exit(failed ? 1 : 0);
}
