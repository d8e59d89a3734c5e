import { onMediaCompleted } from "@agency/core/media/derivation-queue";
import { deriveImage } from "@agency/functions/media-derive/derive";

/**
 * The local runtime's stand-in for the media bucket's event (infra/media.ts): each completed upload
 * is derived in the background, one at a time (sharp uses every core for one image), with the same
 * code the media-derive function runs. Closing waits for the image in hand.
 */
export function startLocalDerivation() {
  let chain: Promise<unknown> = Promise.resolve();
  onMediaCompleted((id) => {
    chain = chain.then(() => deriveImage(id)).catch((err: unknown) => console.error(`Image ${id}: its sizes could not be made:`, err));
  });
  return {
    async close() {
      onMediaCompleted(undefined);
      await chain;
    },
  };
}
