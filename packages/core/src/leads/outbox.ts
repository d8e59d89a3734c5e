export type LeadKind = "message" | "registration";

// In AWS the table's stream invokes the lead-mail function for every lead written as pending
// (packages/functions/src/lead-mail). The local engine has no streams: the local runtime registers
// a listener here and runs the same deliverLeadMail in the background.
let listener: ((kind: LeadKind, id: string) => void) | undefined;

/** The local runtime's stand-in for the stream (undefined to stop). */
export function onLeadStored(fn: typeof listener) {
  listener = fn;
}

/** A lead was stored (or set back to pending): its mail is due. Never waits, never throws. */
export function leadStored(kind: LeadKind, id: string) {
  listener?.(kind, id);
}
