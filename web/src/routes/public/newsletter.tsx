import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { CheckCircle2, MailX, XCircle } from "lucide-react";
import { CONFIRM_LINK_HOURS } from "@agency/core/contract/newsletter-link";
import { previewRobots } from "@agency/core/contract/page-head";
import { HeroDots } from "../../components/public/page-hero";
import { Spinner } from "../../components/spinner";
import { btnPrimary } from "../../components/ui/classes";
import { api, ApiError } from "../../lib/api";
import { usePageMeta } from "../../features/seo/use-page-meta";

/** The newsletter's link pages: a signup's confirmation and unsubscribing. Never indexed (the links carry tokens). */
function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="hero-art on-dark relative isolate flex min-h-[80vh] items-center justify-center overflow-hidden px-4 pt-28 pb-16 text-center text-white">
      <HeroDots />
      <div className="mx-auto max-w-xl">
        {icon}
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        <div className="mt-4 space-y-6 text-lg text-slate-200">{children}</div>
      </div>
    </section>
  );
}
const ok = <CheckCircle2 aria-hidden="true" className="mx-auto h-14 w-14 text-green-300" />;
const bad = <XCircle aria-hidden="true" className="mx-auto h-14 w-14 text-red-300" />;
const home = (
  <p>
    <Link to="/" className={btnPrimary}>
      Back to Home
    </Link>
  </p>
);

type Outcome = { kind: "ok"; message: string } | { kind: "used" | "expired" | "invalid" | "failed"; message: string };
const outcomeOf = (err: unknown): Outcome => {
  if (!(err instanceof ApiError)) return { kind: "failed", message: "Please check your connection and try again in a moment." };
  if (err.status === 409) return { kind: "used", message: err.message };
  if (err.status === 410) return { kind: "expired", message: err.message };
  if (err.status === 400) return { kind: "invalid", message: err.message };
  return { kind: "failed", message: err.message };
};

/** /newsletter/confirm?token=: confirms the signup (a POST, so a mail scanner's GET of the link confirms nothing). */
function ConfirmPage() {
  usePageMeta({ title: "Confirm your subscription", robots: previewRobots });
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [outcome, setOutcome] = useState<Outcome>();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api.post<{ message: string }>("/api/newsletter/confirmations", { token }).then(
      ({ message }) => setOutcome({ kind: "ok", message }),
      (err: unknown) => setOutcome(outcomeOf(err)),
    );
  }, [token]);
  if (!outcome) {
    return (
      <section className="hero-art on-dark relative isolate flex min-h-[80vh] items-center justify-center px-4 pt-28">
        <Spinner label="Confirming your subscription" />
      </section>
    );
  }
  if (outcome.kind === "ok") {
    return (
      <Panel icon={ok} title="Subscription confirmed">
        <p>{outcome.message}</p>
        {home}
      </Panel>
    );
  }
  const { title, lines } = failure[outcome.kind];
  return (
    <Panel icon={bad} title={title}>
      {/* An outcome the page does not know in advance says what the server answered. */}
      {outcome.kind === "failed" && <p>{outcome.message}</p>}
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {home}
    </Panel>
  );
}

const signUpAgain = "You can sign up again with the newsletter form at the bottom of this page.";
/** What a confirmation link that did not confirm says, by outcome: the page's own words, each said once. */
const failure: Record<Exclude<Outcome["kind"], "ok">, { title: string; lines: string[] }> = {
  used: { title: "This link has already been used", lines: ["If you confirmed already, you are subscribed: nothing more to do."] },
  expired: { title: "This link has expired", lines: [`Confirmation links work for ${CONFIRM_LINK_HOURS} hours.`, signUpAgain] },
  invalid: { title: "This link is not valid", lines: [signUpAgain] },
  failed: { title: "Your subscription could not be confirmed", lines: [signUpAgain] },
};

/** /newsletter/unsubscribe?token=: one button, as the mail's link promises (the mail client's one-click needs none). */
function UnsubscribePage() {
  usePageMeta({ title: "Unsubscribe", robots: previewRobots });
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<"idle" | "sending" | Outcome>("idle");
  const unsubscribe = () => {
    setState("sending");
    api.post<{ message: string }>(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`).then(
      ({ message }) => setState({ kind: "ok", message }),
      (err: unknown) => setState(outcomeOf(err)),
    );
  };
  if (typeof state === "object" && state.kind === "ok") {
    return (
      <Panel icon={ok} title="You're unsubscribed">
        <p role="status">{state.message}</p>
        {home}
      </Panel>
    );
  }
  return (
    <Panel icon={<MailX aria-hidden="true" className="mx-auto h-14 w-14 text-purple-300" />} title="Unsubscribe from our newsletter">
      <p>You will get no more newsletters at this address.</p>
      <button
        type="button"
        onClick={unsubscribe}
        disabled={state === "sending"}
        className="rounded-xl bg-white px-6 py-3 font-semibold text-purple-800 transition hover:bg-purple-50 disabled:opacity-60"
      >
        {state === "sending" ? "Unsubscribing..." : "Unsubscribe"}
      </button>
      {typeof state === "object" && (
        <p role="alert" className="font-semibold text-white">
          {state.message}
        </p>
      )}
      {home}
    </Panel>
  );
}

/** /newsletter/confirm or /newsletter/unsubscribe (one chunk for both: they are small and rare). */
export default function NewsletterPage() {
  return useLocation().pathname.startsWith("/newsletter/unsubscribe") ? <UnsubscribePage /> : <ConfirmPage />;
}
