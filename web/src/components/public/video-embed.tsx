import { useState } from "react";
import { Play } from "lucide-react";

/** Only https embeds from the hosts the CSP allows; a YouTube watch/short link becomes its privacy-enhanced embed. */
export function embedUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:") return undefined;
  const host = url.hostname.replace(/^www\./, "");
  if (host === "youtu.be") return `https://www.youtube-nocookie.com/embed/${url.pathname.slice(1)}`;
  if (host === "youtube.com" && url.pathname === "/watch" && url.searchParams.get("v")) return `https://www.youtube-nocookie.com/embed/${url.searchParams.get("v")}`;
  if (["youtube.com", "youtube-nocookie.com"].includes(host) && url.pathname.startsWith("/embed/")) return url.toString();
  if (host === "player.vimeo.com") return url.toString();
  if (host === "vimeo.com" && /^\/\d+/.test(url.pathname)) return `https://player.vimeo.com/video${url.pathname}`;
  return undefined;
}

/**
 * The intro video. A poster with a play button stands in for the player until the visitor asks
 * for it: the embedded player (and its third-party scripts and cookies) loads only on click.
 */
export function VideoEmbed({ url, title }: { url: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  const src = embedUrl(url);
  if (!src) return null;
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-3xl bg-slate-900 shadow-2xl shadow-purple-900/20 ring-1 ring-slate-900/10">
      {playing ? (
        <iframe
          src={`${src}${src.includes("?") ? "&" : "?"}autoplay=1`}
          title={title}
          className="absolute inset-0 h-full w-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" onClick={() => setPlaying(true)} className="group absolute inset-0 flex h-full w-full flex-col items-center justify-center gap-4 text-white">
          <span aria-hidden="true" className="absolute inset-0 bg-linear-to-br from-purple-800 via-indigo-900 to-blue-800" />
          <span aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgba(255,255,255,0.18),transparent_45%)]" />
          <span className="relative flex h-20 w-20 items-center justify-center rounded-full bg-white text-purple-700 shadow-xl transition group-hover:scale-110">
            <Play className="ml-1 h-8 w-8 fill-current" aria-hidden="true" />
          </span>
          <span className="relative px-6 text-center text-lg font-semibold">
            <span className="sr-only">Play video: </span>
            {title}
          </span>
        </button>
      )}
    </div>
  );
}
