/** Class strings of the sign-in pages and the admin shell. */
const btn =
  "inline-flex w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
export const btnPrimary = `${btn} bg-purple-600 text-white hover:bg-purple-700 focus-visible:outline-purple-600`;
export const btnOutline = `${btn} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-purple-600`;
export const btnDev = `${btn} bg-slate-800 text-white hover:bg-slate-900 focus-visible:outline-slate-800`;
export const input =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-purple-600 focus:outline-none focus:ring-2 focus:ring-purple-600/30";
export const label = "mb-1 block text-sm font-medium text-slate-800";
