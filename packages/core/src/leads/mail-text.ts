/**
 * Visitor text in a lead's mail is text, and only the text people see: C0 controls (NUL, ESC...),
 * DEL and C1 controls (U+0080–U+009F) can hide or forge what a mail reader shows (ESC starts
 * terminal sequences, U+0085 is a line break to some readers), and the bidi overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) reorder a line so that it reads differently from what it says.
 * None has a place in a name, a company or a message.
 */

/** Every control and bidi override/isolate but tab, CR and LF (and the Unicode line separators). */
// eslint-disable-next-line no-control-regex -- these are the control characters a mail drops
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
/** Line breaks, as mail readers may take them: CR, LF, and the Unicode line and paragraph separators. */
const BREAKS = /\r\n?|[\n\u2028\u2029]/g;

/** A header value (Subject, the greeting's name): one line, no controls at all, at most 120 characters. */
export const headerText = (v: string) =>
  v
    .replace(INVISIBLE, "")
    .replace(/(?:\r\n?|[\n\t\u2028\u2029])+/g, " ")
    .trim()
    .slice(0, 120);

/** A value of the body: its lines kept (LF), tabs kept, every other control and bidi override removed. */
export const bodyText = (v: string) => v.replace(INVISIBLE, "").replace(BREAKS, "\n");
