import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import type { LoginErrorCode } from "@agency/core/contract/auth-texts";
import { Spinner } from "../../components/spinner";
import { adminMeKey } from "../../features/session/api";
import { session } from "../../features/session/session-store";

/** Time on the success message before entering the admin area (SPEC §9). */
const SUCCESS_DELAY_MS = 2000;

/**
 * /auth/callback: where the identity provider sends the browser back. Exchanges the code (with the
 * state and issuer it came with) for a session, then enters /admin (or the admin address the sign-in
 * was started for) after 2 s. An error parameter, a missing code or a final failure goes back to
 * /admin/login.
 */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const code = params.get("code");
  const state = params.get("state") ?? "";
  const iss = params.get("iss") ?? undefined;
  const providerError = params.get("error");

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const toLogin = (error: LoginErrorCode) => navigate(`/admin/login?error=${error}`, { replace: true });

    if (providerError) {
      console.error(`Sign-in was not completed: ${providerError}`);
      toLogin("login_failed");
      return;
    }
    if (!code) {
      console.error("Cannot exchange code for session token: no code provided in the URL search params.");
      toLogin("login_failed");
      return;
    }
    // Shared by both runs of this effect under StrictMode: one exchange per code.
    void session.exchangeCode({ code, state, iss }).then((result) => {
      if (cancelled) return;
      if (!result.ok) return toLogin(result.notAuthorised ? "not_authorised" : "login_failed");
      queryClient.removeQueries({ queryKey: adminMeKey });
      setDone(true);
      // The admin address the sign-in was started from (kept by the server), or the Overview.
      timer = setTimeout(() => navigate(result.returnTo, { replace: true }), SUCCESS_DELAY_MS);
    });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [code, state, iss, providerError, navigate, queryClient]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-linear-to-br from-slate-50 to-purple-50 px-4">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-lg">
        <h1 className="text-xl font-bold text-slate-900">Completing Authentication</h1>
        {done ? (
          <p role="status" className="mt-6 flex items-center justify-center gap-2 text-sm font-medium text-green-700">
            <CircleCheck aria-hidden="true" className="h-5 w-5" />
            Signed in. Taking you to the dashboard...
          </p>
        ) : (
          <>
            <Spinner label="Completing authentication" className="py-8" />
            <p className="text-sm text-slate-600">Please wait while we sign you in.</p>
          </>
        )}
      </div>
    </main>
  );
}
