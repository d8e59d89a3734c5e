import { Eye, Link2 } from "lucide-react";
import { useState } from "react";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { actionOutline } from "../../components/admin/classes";
import { useToast } from "../../components/admin/toasts";
import { formatDateTime } from "../../lib/format";
import { createPreviewLink } from "./admin-api";

const FALLBACK = "Failed to create a preview link";

/**
 * The post editor's Preview (opens a private link in a new tab) and Copy preview link. A link
 * shows the post as last saved, to anyone who has it, for 7 days.
 */
export function PreviewActions({ postId, unsaved }: { postId: string; unsaved: boolean }) {
  const toast = useToast();
  const showError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);

  const withLink = async (act: (link: { url: string; expires_at: string }) => Promise<void> | void, onFail?: () => void) => {
    setBusy(true);
    try {
      await act(await createPreviewLink(postId));
    } catch (err) {
      onFail?.();
      showError(err, { fallback: FALLBACK });
    } finally {
      setBusy(false);
    }
  };

  // The tab opens within the click (a popup blocker lets that through), then goes to the link once made.
  const preview = () => {
    const tab = window.open("", "_blank");
    void withLink(
      ({ url }) => {
        if (!tab) {
          window.open(url, "_blank", "noopener");
          return;
        }
        tab.opener = null;
        tab.location.href = url;
      },
      () => tab?.close(),
    );
  };

  const copy = () =>
    void withLink(({ url, expires_at }) =>
      navigator.clipboard.writeText(url).then(
        () => toast.success(`Preview link copied to clipboard! It works until ${formatDateTime(expires_at)}.`),
        () => toast.error("Could not copy the preview link"),
      ),
    );

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">
        {unsaved ? "A preview shows the post as last saved: save to include your latest changes." : "Share the post as it will look, before anyone else can see it."}
      </p>
      <div className="flex shrink-0 flex-wrap gap-2">
        <button type="button" className={`${actionOutline} whitespace-nowrap`} onClick={preview} disabled={busy}>
          <Eye aria-hidden="true" className="h-4 w-4" />
          Preview
        </button>
        <button type="button" className={`${actionOutline} whitespace-nowrap`} onClick={copy} disabled={busy}>
          <Link2 aria-hidden="true" className="h-4 w-4" />
          Copy preview link
        </button>
      </div>
    </div>
  );
}
