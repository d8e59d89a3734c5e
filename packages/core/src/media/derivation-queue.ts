/**
 * How a completed upload reaches its derivation (Media.derive). In AWS the original's arrival in
 * the bucket (`originals/`) invokes the media-derive function (infra/media.ts). The local S3 sends
 * no events: the local runtime registers a listener here and runs the same Media.derive in the
 * background, as it does for lead mail (leads/outbox.ts).
 */
let listener: ((id: string) => void) | undefined;

/** The local runtime's stand-in for the bucket's event (undefined to stop). */
export function onMediaCompleted(fn: typeof listener) {
  listener = fn;
}

/** An upload was completed: its derived files are due. Never waits, never throws. */
export function mediaCompleted(id: string) {
  listener?.(id);
}
