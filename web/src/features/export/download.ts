/**
 * Saves `text` as a file through a temporary object URL. CSV gets a UTF-8 byte order mark, without
 * which Excel reads accented names as Latin-1.
 */
export function downloadCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));
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
