import { useId, useRef, useState, type FormEvent } from "react";
import { api, ApiError } from "../../lib/api";
import { useAfterHydration, useTypedBeforeHydration } from "../../lib/hydration";

type State = { kind: "idle" } | { kind: "sending" } | { kind: "done"; message: string } | { kind: "error"; message: string };

/**
 * The newsletter's email box (the footer's and the blog's Stay Updated): Subscribe sends the address
 * to POST /api/newsletter/subscriptions (a double opt-in: the server mails a confirmation link) and
 * says what happened under the form ("Check your inbox to confirm your subscription.", or what was
 * wrong with the address). The look is the caller's. No zod here: the field's own `type="email"`
 * checks in the browser and the server names what it refuses, so the first render carries nothing more.
 * On a rendered page Subscribe is disabled until the form's code has hydrated (a click before would
 * reload the page and lose the address); an address typed meanwhile is kept.
 */
export function NewsletterForm({
  placeholder,
  className,
  wrapperClassName,
  inputClassName,
  buttonClassName,
  messageClassName = "mt-2 text-sm",
  "aria-label": ariaLabel,
}: {
  placeholder: string;
  /** The form's own layout (field and button). */
  className: string;
  /** Around the form and its message. */
  wrapperClassName?: string;
  inputClassName: string;
  buttonClassName: string;
  messageClassName?: string;
  "aria-label"?: string;
}) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const hydrated = useAfterHydration();
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (field) => setEmail(field.value));
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (state.kind === "sending") return;
    setState({ kind: "sending" });
    try {
      const { message } = await api.post<{ message: string }>("/api/newsletter/subscriptions", { email });
      setEmail("");
      setState({ kind: "done", message });
    } catch (err) {
      const message = err instanceof ApiError ? (err.fields?.email ?? err.message) : "Something went wrong. Please try again.";
      setState({ kind: "error", message });
    }
  };
  const invalid = state.kind === "error";
  return (
    <div className={wrapperClassName}>
      <form ref={form} onSubmit={onSubmit} className={className} aria-label={ariaLabel}>
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder={placeholder}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-message`}
          className={inputClassName}
        />
        <button type="submit" className={`${buttonClassName} disabled:cursor-not-allowed disabled:opacity-70`} disabled={!hydrated || state.kind === "sending"}>
          {state.kind === "sending" ? "Subscribing..." : "Subscribe"}
        </button>
      </form>
      <p id={`${id}-message`} role="status" className={`${messageClassName} ${state.kind === "done" || invalid ? "" : "sr-only"}`} data-testid="newsletter-message">
        {state.kind === "done" || invalid ? state.message : ""}
      </p>
    </div>
  );
}
