// In AWS the table's stream invokes the lead-mail function for every record written with
// `mail_status: pending`, newsletter subscribers included (packages/functions/src/lead-mail). The
// local engine has no streams: the local runtime registers a listener here and runs the same
// deliverNewsletterMail in the background.
let listener: ((id: string) => void) | undefined;

/** The local runtime's stand-in for the stream (undefined to stop). */
export function onNewsletterMailDue(fn: typeof listener) {
  listener = fn;
}

/** A mail to a subscriber is due. Never waits, never throws. */
export function newsletterMailDue(id: string) {
  listener?.(id);
}
