import type { IncomingMessage } from "node:http";

/**
 * Reads a request body of up to `max` bytes; undefined once it is longer (what comes after is read
 * and dropped, so the client still gets an answer). Past `abandonAt` bytes the request is destroyed
 * instead: far over any real body, not worth reading to the end.
 */
export function readCappedBody(req: IncomingMessage, max: number, abandonAt = Infinity): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= max) chunks.push(c);
      else if (size > abandonAt) req.destroy();
    });
    req.on("end", () => resolve(size > max ? undefined : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
