/**
 * Shared class names, so every button, field and section looks the same across pages. The rules
 * live in styles.css (@layer components) rather than as long utility strings in every chunk.
 */
export const container = "wrap";
export const btnPrimary = "btn btn-primary";
export const btnSecondary = "btn btn-secondary";
/** For dark (hero / CTA) backgrounds. */
export const btnOnDark = "btn btn-on-dark";
export const btnWhite = "btn btn-white";
export const eyebrow = "eyebrow";
export const input = "field-input";
export const label = "field-label";
