import { useState } from "react";
import { Download } from "lucide-react";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { actionOutline } from "../../components/admin/classes";
import { useToast } from "../../components/admin/toasts";
import { csvFileName, toCsv, type CsvColumn } from "./csv";
import { downloadCsv } from "./download";
import { counted } from "../../lib/format";

interface Props<T> {
  /** File name before the date: "contact-messages" gives contact-messages-YYYY-MM-DD.csv. */
  filePrefix: string;
  columns: readonly CsvColumn<T>[];
  /** Loads every row matching the screen's current filters (fetchAllPages), reporting progress. */
  fetchAll: (onProgress: (loaded: number) => void) => Promise<T[]>;
  /** Singular noun for the messages: "message" gives "Exported 3 messages". */
  noun: string;
}

/**
 * 'Export CSV': pages through every matching row (not only the loaded ones), showing how many have
 * arrived, then downloads the file. Built in the browser (SPEC §7); the outcome is a toast.
 */
export function ExportCsvButton<T>({ filePrefix, columns, fetchAll, noun }: Props<T>) {
  const [loaded, setLoaded] = useState<number | null>(null);
  const toast = useToast();
  const showError = useApiErrorHandler();

  async function run() {
    setLoaded(0);
    try {
      const rows = await fetchAll(setLoaded);
      const fileName = csvFileName(filePrefix);
      downloadCsv(fileName, toCsv(columns, rows));
      toast.success(`Exported ${counted(rows.length, noun)} to ${fileName}`);
    } catch (err) {
      showError(err, { fallback: `Failed to export ${noun}s` });
    } finally {
      setLoaded(null);
    }
  }

  return (
    <>
      <button type="button" className={actionOutline} onClick={run} disabled={loaded !== null}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {loaded === null ? "Export CSV" : `Exporting... ${counted(loaded, noun)}`}
      </button>
      <span role="status" className="sr-only">
        {loaded === null ? "" : `Exporting: ${counted(loaded, noun)} loaded`}
      </span>
    </>
  );
}
