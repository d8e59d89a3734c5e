/**
 * How a public write reaches the renderer. invalidate.ts calls `publicChanged` with the public API
 * paths a save affected; the local runtime listens here and renders the affected pages in-process
 * (dynalite has no streams). In AWS no one listens in the handler's process: invalidate.ts sends the
 * paths to the render queue instead (packages/functions/src/render/handler.ts).
 */
type Listener = (apiPaths: string[]) => void;
let listener: Listener | undefined;

export function onPublicChange(fn: Listener | undefined) {
  listener = fn;
}

export const hasLocalRenderer = () => listener !== undefined;

export function publicChanged(apiPaths: string[]) {
  listener?.(apiPaths);
}
