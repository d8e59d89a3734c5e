import { useId, useState, type FormEvent } from "react";

/**
 * The newsletter's email box (the footer's and the blog's Stay Updated). SPEC §2: subscribing makes
 * no request; it only clears the field. The look is the caller's.
 */
export function NewsletterForm({
  placeholder,
  className,
  inputClassName,
  buttonClassName,
  "aria-label": ariaLabel,
}: {
  placeholder: string;
  className: string;
  inputClassName: string;
  buttonClassName: string;
  "aria-label"?: string;
}) {
  const id = useId();
  const [email, setEmail] = useState("");
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setEmail("");
  };
  return (
    <form onSubmit={onSubmit} className={className} aria-label={ariaLabel}>
      <label htmlFor={`${id}-email`} className="sr-only">Email address</label>
      <input
        id={`${id}-email`}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder={placeholder}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className={inputClassName}
      />
      <button type="submit" className={buttonClassName}>
        Subscribe
      </button>
    </form>
  );
}
