import { Link } from "react-router-dom";

/** The Arcline mark: an arc over a line, in the brand gradient. */
export function BrandMark({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-xl bg-linear-to-br from-purple-600 to-blue-600 shadow-md shadow-purple-600/30 ${className}`}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="white" strokeWidth="2.4" strokeLinecap="round">
        <path d="M4 16a8 8 0 0 1 16 0" />
        <path d="M7 20h10" />
        <circle cx="12" cy="9" r="1.6" fill="white" stroke="none" />
      </svg>
    </span>
  );
}

export function BrandLink({ name, dark }: { name: string; dark: boolean }) {
  return (
    <Link to="/" className={`flex items-center gap-2.5 rounded-lg text-xl font-bold tracking-tight ${dark ? "text-white" : "text-slate-900"}`}>
      <BrandMark />
      <span>{name}</span>
    </Link>
  );
}
