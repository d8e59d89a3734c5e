/**
 * The response header of a paged list that carries the next page's cursor (absent on the last page).
 * Its own zod-free module: the public blog reads it without loading the back office's contract.
 */
export const NEXT_CURSOR_HEADER = "x-next-cursor";
