import { diffWords, type Change } from "diff";

/** One side of the diff: the words both texts share, and this side's own words marked. */
function Side({ title, parts, side }: { title: string; parts: Change[]; side: "before" | "after" }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <h4 className="mb-1 text-xs font-semibold text-slate-600 uppercase">{title}</h4>
      <p className="text-sm whitespace-pre-wrap text-slate-900">
        {parts.map((p, i) =>
          (side === "before" ? p.added : p.removed) ? null : p.removed ? (
            <del key={i} className="bg-red-100 text-red-900">
              {p.value}
            </del>
          ) : p.added ? (
            <ins key={i} className="bg-green-100 text-green-900 no-underline">
              {p.value}
            </ins>
          ) : (
            <span key={i}>{p.value}</span>
          ),
        )}
      </p>
    </div>
  );
}

/**
 * Two texts side by side, word by word (the `diff` package's diffWords): the revision's words that
 * the current text no longer has are struck through on the left (headed "<label>: version N"), the
 * words the current text added are marked on the right ("<label>: current version"). Loaded lazily by
 * History, so the diff code is fetched only when a diff shows.
 */
export default function WordDiff({ label, version, before, after }: { label: string; version: number; before: string; after: string }) {
  const parts = diffWords(before, after);
  return (
    <div className="grid gap-2 md:grid-cols-2" data-testid="word-diff">
      <Side title={`${label}: version ${version}`} parts={parts} side="before" />
      <Side title={`${label}: current version`} parts={parts} side="after" />
    </div>
  );
}
