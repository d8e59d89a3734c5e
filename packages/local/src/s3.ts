import { createServer } from "node:http";
import { join } from "node:path";
import S3rver from "s3rver";
import { config } from "@agency/core/config";
import { freePort, listen } from "./net";

export interface LocalS3 {
  /** Where the handlers and the browser reach it (S3_ENDPOINT): loopback, path-style. */
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The bucket's CORS rule: the admin's browser posts uploads to it from the site, another origin.
 * Only the site's origin, only POST (the images themselves are served by the gateway, same-origin).
 */
const corsConfig = (origin: string) =>
  `<CORSConfiguration><CORSRule><AllowedOrigin>${xml(origin)}</AllowedOrigin><AllowedMethod>POST</AllowedMethod>` +
  `<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/**
 * The local media bucket: s3rver (a fake S3 that accepts presigned POST uploads) on loopback, its
 * objects under `${dataDir}/s3`, the bucket (MEDIA_BUCKET, default agency-media) created with a
 * CORS rule for the site's origin. S3_PORT chooses its port (default 4569; a free one when the
 * runtime itself takes a free port). S3_ENDPOINT set means another S3-compatible server is used
 * instead, and none is started. s3rver does not enforce POST policies; the server checks every
 * completed upload itself (packages/core/src/media/media.ts).
 */
export async function startLocalS3({ dataDir, ephemeralPorts, origin }: { dataDir: string; ephemeralPorts: boolean; origin: string }): Promise<LocalS3 | undefined> {
  if (config.s3Endpoint) return undefined;
  const v = process.env.S3_PORT;
  const port = v && Number(v) > 0 ? Number(v) : ephemeralPorts || v === "0" ? await freePort() : 4569;
  const bucket = config.mediaBucket;
  const s3rver = new S3rver({
    directory: join(dataDir, "s3"),
    silent: true,
    // Buckets by path only: a request's Host is never taken for a bucket name.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [corsConfig(origin)] }],
  });
  await s3rver.configureBuckets();
  // Its own server rather than s3rver.run(): it listens on both loopback addresses, as the site does,
  // so `localhost` reaches it whichever the browser picks.
  const server = createServer(s3rver.callback());
  const extra = await listen(server, port, undefined);
  const endpoint = `http://localhost:${port}`;
  process.env.S3_ENDPOINT = endpoint;
  return {
    endpoint,
    bucket,
    async close() {
      if (process.env.S3_ENDPOINT === endpoint) delete process.env.S3_ENDPOINT;
      for (const l of extra) l.close();
      await new Promise<void>((res) => {
        server.close(() => res());
        server.closeAllConnections();
      });
    },
  };
}
