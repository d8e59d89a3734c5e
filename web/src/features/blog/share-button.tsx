import { useEffect, useState } from "react";
import { Check, Share2 } from "lucide-react";

/** navigator.share where the browser has it; otherwise copies the link and says so. */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const [note, setNote] = useState("");
  useEffect(() => {
    if (!note) return;
    const t = setTimeout(() => setNote(""), 3000);
    return () => clearTimeout(t);
  }, [note]);

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (err) {
        if ((err as Error)?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNote("Link copied to clipboard!");
    } catch {
      setNote(`Copy this link: ${url}`);
    }
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={share}
        className="inline-flex items-center gap-2 rounded-xl border border-white/30 bg-white/10 px-4 py-2 text-sm font-semibold text-white transition hover:bg-white/20"
      >
        {note ? <Check className="h-4 w-4" aria-hidden="true" /> : <Share2 className="h-4 w-4" aria-hidden="true" />}
        Share
      </button>
      <span role="status" className="text-sm text-purple-100" data-testid="share-status">
        {note}
      </span>
    </span>
  );
}
