/** Class strings of the sign-in pages and the admin shell. */
const btn =
  "inline-flex w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
export const btnPrimary = `${btn} bg-purple-600 text-white hover:bg-purple-700 focus-visible:outline-purple-600`;
export const btnOutline = `${btn} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-purple-600`;
export const btnDev = `${btn} bg-slate-800 text-white hover:bg-slate-900 focus-visible:outline-slate-800`;
export const input =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-purple-600 focus:outline-none focus:ring-2 focus:ring-purple-600/30";
export const label = "mb-1 block text-sm font-medium text-slate-800";

// ---- Back-office screens: compact controls for toolbars, tables and dialogs ------------------
// A control's label stays on one line, beside an icon that keeps its size.
const control =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg px-3.5 py-2 text-sm [&>svg]:shrink-0 font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
export const actionPrimary = `${control} bg-purple-600 text-white hover:bg-purple-700 focus-visible:outline-purple-600`;
export const actionOutline = `${control} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-purple-600`;
export const actionDanger = `${control} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`;
/** A square icon-only button; give it an aria-label (and a title for the tooltip). */
export const iconAction =
  "inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-600 disabled:cursor-not-allowed disabled:opacity-50";
/** A small labelled button among the icon actions of a table row. */
export const textAction =
  "inline-flex h-9 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg border border-slate-300 bg-white px-2.5 text-xs font-semibold text-slate-700 transition hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-600 disabled:cursor-not-allowed disabled:opacity-50";
/** Inputs and selects of filter bars and forms. */
export const fieldControl =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-purple-600 focus:outline-none focus:ring-2 focus:ring-purple-600/30 aria-[invalid=true]:border-red-600";
/** A white card on the slate-50 page. */
export const panel = "rounded-xl border border-slate-200 bg-white shadow-sm";
