import { useEffect, useSyncExternalStore } from "react";
import type { SecondFactorChallenge } from "@agency/core/contract/account";
import type { UserMe } from "@agency/core/contract/auth";
import { afterSignIn } from "@agency/core/contract/return-path";
import { ApiError, api } from "../../lib/api";

/**
 * The session (SPEC §4): `pending` until the first user load finishes (success or failure),
 * `fetching` during a load, `user` empty or loaded. Concurrent loads share one request, and so do
 * concurrent exchanges of the same code. Logout clears the user at once, before the call.
 *
 * A plain store rather than a query: the states are SPEC's own, and the callback page, the login
 * page and the admin shell (three lazy chunks) share this one module instance.
 */
export interface SessionState {
  pending: boolean;
  fetching: boolean;
  user: UserMe | null;
}

/** `returnTo`: the admin address the sign-in was started for (checked again here), or the Overview. */
export type ExchangeResult = { ok: true; returnTo: string } | { ok: false; status: number; notAuthorised: boolean };

export interface SessionDeps {
  get: <T>(path: string, init?: RequestInit) => Promise<T>;
  post: <T>(path: string, body?: unknown) => Promise<T>;
  sleep: (ms: number) => Promise<void>;
}

export const EXCHANGE_ATTEMPTS = 3;
export const EXCHANGE_RETRY_MS = 1000;

const statusOf = (err: unknown) => (err instanceof ApiError ? err.status : 0);
/** A 500 or no answer at all (network error) is worth another try; anything else is final. */
const retryable = (err: unknown) => (err instanceof ApiError ? err.status === 500 : true);

export function createSessionStore(deps: SessionDeps) {
  let state: SessionState = { pending: true, fetching: false, user: null };
  const listeners = new Set<() => void>();
  let loading: Promise<UserMe | null> | undefined;
  const exchanges = new Map<string, Promise<ExchangeResult>>();

  const set = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  function loadUser(): Promise<UserMe | null> {
    if (loading) return loading;
    set({ fetching: true });
    loading = (async () => {
      try {
        const user = await deps.get<UserMe>("/api/users/me", { cache: "no-store" });
        set({ user, pending: false, fetching: false });
        return user;
      } catch (err) {
        console.error(`Failed to fetch user: API responded with HTTP status ${statusOf(err)}`);
        set({ user: null, pending: false, fetching: false });
        return null;
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }

  /**
   * Exchanges the callback's code for a session: up to 3 attempts, 1 s apart; then reloads the user.
   * Answers where to go: the admin address the server kept with the sign-in, or the Overview.
   */
  function exchangeCode(params: { code: string; state: string; iss?: string }): Promise<ExchangeResult> {
    const key = `${params.code}\n${params.state}`;
    const running = exchanges.get(key);
    if (running) return running;
    const body = { code: params.code, state: params.state, ...(params.iss ? { iss: params.iss } : {}) };
    const run = (async (): Promise<ExchangeResult> => {
      for (let attempt = 1; ; attempt++) {
        try {
          const answer = await deps.post<{ return_to?: unknown } | undefined>("/api/sessions", body);
          await loadUser();
          return { ok: true, returnTo: afterSignIn(answer?.return_to) };
        } catch (err) {
          if (attempt < EXCHANGE_ATTEMPTS && retryable(err)) {
            await deps.sleep(EXCHANGE_RETRY_MS);
            continue;
          }
          console.error(`Failed to exchange code for session token: API responded with HTTP status ${statusOf(err)}`);
          // A Google account that signed in but may not enter: its (non-admin) session is set.
          if (statusOf(err) === 403) void loadUser();
          return { ok: false, status: statusOf(err), notAuthorised: statusOf(err) === 403 };
        }
      }
    })();
    exchanges.set(key, run);
    return run;
  }

  /**
   * The provider's authorization URL, or null (the failure is logged). `returnTo`, an admin address,
   * is kept by the server with the sign-in, and the callback goes there.
   */
  async function googleRedirectUrl(returnTo?: string): Promise<string | null> {
    const query = returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : "";
    try {
      const { redirectUrl } = await deps.get<{ redirectUrl: string }>(`/api/oauth/google/redirect_url${query}`);
      return redirectUrl;
    } catch (err) {
      console.error(`Failed to get login redirect URL: API responded with HTTP status ${statusOf(err)}`);
      return null;
    }
  }

  async function logout(): Promise<void> {
    set({ user: null });
    try {
      await deps.post("/api/logout");
    } catch (err) {
      console.error("Failed to logout:", err);
    }
  }

  /**
   * Username sign-in; throws the ApiError (401, 429, ...) for the form to show. An account with
   * two-factor answers the challenge instead (no session yet): `verifySecondFactor` finishes it.
   */
  async function passwordLogin(username: string, password: string): Promise<SecondFactorChallenge | null> {
    const answer = await deps.post<Partial<SecondFactorChallenge> | undefined>("/api/admin/login", { username, password });
    if (answer?.second_factor_required === true) return { second_factor_required: true, methods: answer.methods ?? [] };
    await loadUser();
    return null;
  }

  /** The second step of a password sign-in: an authenticator code or a recovery code. */
  async function verifySecondFactor(code: string): Promise<void> {
    await deps.post("/api/admin/login/verify", { code });
    await loadUser();
  }

  async function devLogin(): Promise<void> {
    await deps.post("/api/auth/dev-login");
    await loadUser();
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    loadUser,
    exchangeCode,
    googleRedirectUrl,
    logout,
    passwordLogin,
    verifySecondFactor,
    devLogin,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const session = createSessionStore({
  get: api.get,
  post: api.post,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

const started = new WeakSet<SessionStore>();
/** The session state; the first component to use it starts the first user load. */
export function useSession(store: SessionStore = session): SessionState {
  useEffect(() => {
    if (started.has(store)) return;
    started.add(store);
    void store.loadUser();
  }, [store]);
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
