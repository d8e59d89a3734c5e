import { call, freshIp, type HttpResponse } from "./http";

/**
 * Drives sign-in against the local runtime the way a browser would, without one: the site's calls
 * through `call` (with a cookie jar, the site's Origin and one source address), and "Continue with
 * Google" through the local OpenID provider's real login form.
 */

/** A minimal cookie jar: name -> value, updated from Set-Cookie headers. */
export class Jar {
  readonly values = new Map<string, string>();
  store(setCookie: string[] | string | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attrs] = line.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.values.delete(name);
      else this.values.set(name, value);
    }
  }
  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get(name: string) {
    return this.values.get(name);
  }
}

/** One visitor of the site: a cookie jar, the site's own Origin, one source address. */
export class Visitor {
  readonly jar = new Jar();
  readonly ip = freshIp();
  constructor(readonly baseUrl: string) {}

  async call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; raw?: string } = {}): Promise<HttpResponse> {
    const cookie = this.jar.header();
    const res = await call(method, path, {
      ...options,
      baseUrl: this.baseUrl,
      ip: this.ip,
      headers: { origin: new URL(this.baseUrl).origin, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    this.jar.store(res.headers["set-cookie"]);
    return res;
  }

  /** The session cookie's value (plain `session` over http). */
  get session() {
    return this.jar.get("session");
  }
}

export interface Callback {
  code: string;
  state: string;
  iss?: string;
  /** The authorization request the browser was sent to (after any edit). */
  authorizationUrl: URL;
}

/**
 * Starts "Continue with Google" as `visitor`, signs in at the provider with the demo account, and
 * returns the parameters the provider sent back to /auth/callback. `editAuthorizationUrl` lets a
 * test tamper with the request on its way to the provider.
 */
export async function googleCallback(
  visitor: Visitor,
  account: { email: string; password: string },
  options: { editAuthorizationUrl?: (url: URL) => void } = {},
): Promise<Callback> {
  const start = await visitor.call("GET", "/api/oauth/google/redirect_url");
  if (start.status !== 200) throw new Error(`redirect_url answered ${start.status}: ${start.text}`);
  const authorizationUrl = new URL(start.json.redirectUrl);
  options.editAuthorizationUrl?.(authorizationUrl);
  return providerLogin(authorizationUrl, account, `${visitor.baseUrl}/auth/callback`);
}

/** Follows the provider's redirects and submits its login form, until it redirects to `callbackPrefix`. */
export async function providerLogin(authorizationUrl: URL, account: { email: string; password: string }, callbackPrefix: string): Promise<Callback> {
  const jar = new Jar();
  let url = authorizationUrl.href;
  let init: RequestInit = { method: "GET" };
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.store(res.headers.getSetCookie());
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(callbackPrefix)) {
        const error = next.searchParams.get("error");
        if (error) throw new Error(`provider error: ${error} ${next.searchParams.get("error_description") ?? ""}`);
        return {
          code: next.searchParams.get("code") ?? "",
          state: next.searchParams.get("state") ?? "",
          ...(next.searchParams.has("iss") ? { iss: next.searchParams.get("iss")! } : {}),
          authorizationUrl,
        };
      }
      url = next.href;
      init = { method: "GET" };
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`provider answered ${res.status} at ${url}: ${html.slice(0, 300)}`);
    if (/role="alert"/.test(html)) throw new Error("provider refused the demo credentials");
    url = new URL(action.replace(/&amp;/g, "&"), url).href;
    init = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: account.email, password: account.password }).toString(),
    };
  }
  throw new Error("too many redirects at the provider");
}

/** The whole Google sign-in: returns the answer to POST /api/sessions. */
export async function signInWithGoogle(visitor: Visitor, account: { email: string; password: string }) {
  const cb = await googleCallback(visitor, account);
  return visitor.call("POST", "/api/sessions", { body: { code: cb.code, state: cb.state, ...(cb.iss ? { iss: cb.iss } : {}) } });
}

export const demo = {
  admin: { email: "admin@example.com", password: "admin-password" },
  visitor: { email: "visitor@example.com", password: "visitor-password" },
  unverified: { email: "unverified@example.com", password: "unverified-password" },
};
