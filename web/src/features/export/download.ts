/** Saves `blob` as a file through a temporary object URL. */
function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A CSV file, with a UTF-8 byte order mark, without which Excel reads accented names as Latin-1. */
export const downloadCsv = (fileName: string, csv: string) => downloadBlob(fileName, new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));

/** A plain text file (recovery codes). */
export const downloadText = (fileName: string, text: string) => downloadBlob(fileName, new Blob([text], { type: "text/plain;charset=utf-8" }));
