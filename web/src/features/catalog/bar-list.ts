import { splitBarList } from "@agency/core/contract/catalog-values";

/**
 * The editors of lists stored `a | b | c` (a service detail's features, benefits and use cases; a
 * course's highlights): one item per line on screen, the bar-separated form on the wire.
 */

/** Stored "a | b|c" -> one item per line. */
export const toLines = (stored: string | null | undefined) => splitBarList(stored).join("\n");

export const linesOf = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** One item per line -> the stored "a | b | c" (blank lines dropped). */
export const toBarList = (text: string) => linesOf(text).join(" | ");

export const BAR_IN_ITEM = "An item cannot contain “|”: put each item on its own line";

/** "|" separates the stored items: inside a line it would split that item in two. */
export const barInItem = (text: string) => (linesOf(text).some((l) => l.includes("|")) ? BAR_IN_ITEM : undefined);
