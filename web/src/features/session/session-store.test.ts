import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { createSessionStore, type SessionDeps } from "./session-store";

const me = { type: "admin", is_admin: true, username: "ada", full_name: "Ada" } as const;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(over: Partial<SessionDeps> = {}) {
  const calls: string[] = [];
  const sleeps: number[] = [];
  const deps: SessionDeps = {
    get: vi.fn(async (path: string) => {
      calls.push(`GET ${path}`);
      return me as never;
    }) as SessionDeps["get"],
    post: vi.fn(async (path: string) => {
      calls.push(`POST ${path}`);
      return { success: true } as never;
    }) as SessionDeps["post"],
    sleep: async (ms) => void sleeps.push(ms),
    ...over,
  };
  return { store: createSessionStore(deps), deps, calls, sleeps };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the session store (SPEC §4)", () => {
  it("is pending until the first load finishes, fetching during it", async () => {
    const gate = deferred<typeof me>();
    const { store } = setup({ get: (() => gate.promise) as SessionDeps["get"] });
    expect(store.getState()).toEqual({ pending: true, fetching: false, user: null });
    const load = store.loadUser();
    expect(store.getState()).toMatchObject({ pending: true, fetching: true });
    gate.resolve(me);
    await load;
    expect(store.getState()).toEqual({ pending: false, fetching: false, user: me });
  });

  it("clears pending and keeps the user empty when the load fails, logging SPEC's message", async () => {
    const { store } = setup({ get: (async () => Promise.reject(new ApiError(401, "Not signed in"))) as SessionDeps["get"] });
    await store.loadUser();
    expect(store.getState()).toEqual({ pending: false, fetching: false, user: null });
    expect(console.error).toHaveBeenCalledWith("Failed to fetch user: API responded with HTTP status 401");
  });

  it("shares one request between concurrent loads", async () => {
    const { store, calls } = setup();
    await Promise.all([store.loadUser(), store.loadUser(), store.loadUser()]);
    expect(calls).toEqual(["GET /api/users/me"]);
    await store.loadUser();
    expect(calls).toHaveLength(2);
  });

  it("clears the user at once on logout, before the logout call (a POST) answers", async () => {
    const gate = deferred<unknown>();
    const { store } = setup({
      post: (async (path: string) => (path === "/api/logout" ? gate.promise : { success: true })) as SessionDeps["post"],
    });
    await store.loadUser();
    expect(store.getState().user).toEqual(me);
    const out = store.logout();
    expect(store.getState().user).toBeNull();
    gate.reject(new TypeError("network"));
    await out;
    expect(console.error).toHaveBeenCalledWith("Failed to logout:", expect.any(TypeError));
    expect(store.getState().user).toBeNull();
  });

  it("exchanges a code, sending code, state and iss, then reloads the user", async () => {
    const { store, calls, deps } = setup();
    expect(await store.exchangeCode({ code: "c1", state: "s1", iss: "https://issuer" })).toEqual({ ok: true, returnTo: "/admin" });
    expect(deps.post).toHaveBeenCalledWith("/api/sessions", { code: "c1", state: "s1", iss: "https://issuer" });
    expect(calls).toEqual(["POST /api/sessions", "GET /api/users/me"]);
    expect(store.getState().user).toEqual(me);
  });

  it("shares one exchange between concurrent calls with the same code", async () => {
    const { store, calls } = setup();
    const [a, b] = await Promise.all([store.exchangeCode({ code: "c", state: "s" }), store.exchangeCode({ code: "c", state: "s" })]);
    expect(a).toEqual(b);
    expect(calls.filter((c) => c === "POST /api/sessions")).toHaveLength(1);
  });

  it("retries on 500 and network errors, 1 s apart, at most 3 attempts", async () => {
    let n = 0;
    const { store, sleeps } = setup({
      post: (async () => {
        n++;
        throw n === 1 ? new ApiError(500, "boom") : new TypeError("Failed to fetch");
      }) as SessionDeps["post"],
    });
    const result = await store.exchangeCode({ code: "c", state: "s" });
    expect(n).toBe(3);
    expect(sleeps).toEqual([1000, 1000]);
    expect(result).toEqual({ ok: false, status: 0, notAuthorised: false });
    expect(console.error).toHaveBeenCalledWith("Failed to exchange code for session token: API responded with HTTP status 0");
  });

  it("succeeds on a later attempt after a 500", async () => {
    let n = 0;
    const { store } = setup({
      post: (async () => {
        if (++n === 1) throw new ApiError(500, "boom");
        return { success: true };
      }) as SessionDeps["post"],
    });
    expect(await store.exchangeCode({ code: "c", state: "s" })).toEqual({ ok: true, returnTo: "/admin" });
    expect(n).toBe(2);
  });

  it("answers the admin address the server kept with the sign-in, and the Overview for any other", async () => {
    const answering = (return_to: unknown) => setup({ post: (async () => ({ success: true, return_to })) as SessionDeps["post"] }).store;
    expect(await answering("/admin/messages?open=m1").exchangeCode({ code: "c", state: "s" })).toEqual({ ok: true, returnTo: "/admin/messages?open=m1" });
    for (const hostile of ["https://evil.example/admin", "//evil.example", "/admin\\x", "/contact", 7]) {
      expect(await answering(hostile).exchangeCode({ code: "c", state: "s" })).toEqual({ ok: true, returnTo: "/admin" });
    }
  });

  it("asks for the redirect URL with the address to return to, when there is one", async () => {
    const { store, calls } = setup({
      get: (async (path: string) => {
        calls.push(`GET ${path}`);
        return { redirectUrl: "https://issuer/auth" };
      }) as SessionDeps["get"],
    });
    expect(await store.googleRedirectUrl("/admin/messages?open=m1")).toBe("https://issuer/auth");
    expect(await store.googleRedirectUrl()).toBe("https://issuer/auth");
    expect(calls).toEqual(["GET /api/oauth/google/redirect_url?return_to=%2Fadmin%2Fmessages%3Fopen%3Dm1", "GET /api/oauth/google/redirect_url"]);
  });

  it("does not retry other statuses, and flags a 403 as not authorised", async () => {
    let n = 0;
    const { store, sleeps } = setup({
      post: (async () => {
        n++;
        throw new ApiError(403, "This Google account is not authorised for the admin area.");
      }) as SessionDeps["post"],
    });
    expect(await store.exchangeCode({ code: "c", state: "s" })).toEqual({ ok: false, status: 403, notAuthorised: true });
    expect(n).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("returns null and logs SPEC's message when the redirect URL cannot be had", async () => {
    const { store } = setup({ get: (async () => Promise.reject(new ApiError(503, "x"))) as SessionDeps["get"] });
    expect(await store.googleRedirectUrl()).toBeNull();
    expect(console.error).toHaveBeenCalledWith("Failed to get login redirect URL: API responded with HTTP status 503");
  });
});
