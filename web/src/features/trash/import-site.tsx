import { useRef } from "react";
import { Upload } from "lucide-react";
import { importedSummary } from "@agency/core/contract/site-export";
import { TRASH_DAYS } from "@agency/core/contract/trash";
import { apiErrorMessage, useApiErrorHandler } from "../../components/admin/api-errors";
import { actionOutline } from "../../components/admin/classes";
import { useConfirm } from "../../components/admin/confirm-dialog";
import { useToast } from "../../components/admin/toasts";
import { useImportSite } from "./api";

const FALLBACK = "Failed to import the site";

/**
 * The Trash screen's "Import site" (the owner's, beside "Export site"): picks an export file, says
 * plainly what an import does, then replaces the site's content with it. The toast names what was
 * written per kind, or the server's reason for refusing the file (and the records it names).
 */
export function ImportSiteButton() {
  const input = useRef<HTMLInputElement>(null);
  const importSite = useImportSite();
  const [dialog, confirm] = useConfirm();
  const toast = useToast();
  const showError = useApiErrorHandler();

  const pick = async (file: File) => {
    const ok = await confirm({
      title: "Import site",
      message: `The site's content (posts, pages, services, industries, courses, settings, leads, subscribers and images) will be replaced by the content of "${file.name}". Team accounts are kept. An export of the current content is kept in the Trash for ${TRASH_DAYS} days: import it to undo this.`,
      confirmLabel: "Replace the site's content",
    });
    if (!ok) return;
    try {
      const result = await importSite.mutateAsync(await file.text());
      toast.success(`Site imported: ${importedSummary(result.imported)}`);
    } catch (err) {
      showError(err, {
        fallback: FALLBACK,
        // The records or fields a refused file got wrong, after the reason (a file has no form to mark).
        setFieldErrors: (fields) => {
          const message = apiErrorMessage(err, FALLBACK);
          const named = Object.entries(fields)
            .filter(([, m]) => m !== message)
            .slice(0, 3);
          toast.error(named.length ? `${message} (${named.map(([k, m]) => `${k}: ${m}`).join("; ")})` : message);
        },
      });
    }
  };

  return (
    <>
      <button type="button" className={actionOutline} disabled={importSite.isPending} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" className="h-4 w-4" />
        {importSite.isPending ? "Importing…" : "Import site"}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-site-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void pick(file);
        }}
      />
      {dialog}
    </>
  );
}
