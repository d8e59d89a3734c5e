import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { config } from "@agency/core/config";
import { freePort, listen } from "./net";
import { s3Guard } from "./s3-guard";

export interface LocalS3 {
  /** Where the handlers and the browser reach it (S3_ENDPOINT): the guard, on loopback, path-style. */
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
 * The local media bucket: s3rver (a fake S3 that accepts presigned POST uploads), its objects under
 * `${dataDir}/s3`, the bucket (MEDIA_BUCKET, default agency-media) created with a CORS rule for the
 * site's origin. s3rver itself checks no signature and no POST policy and lets anyone list, write
 * and delete, so it listens on a Unix socket in a private directory only, and what listens on
 * loopback at S3_PORT is the guard in front of it (s3-guard.ts): signed uploads and the server's
 * own signed requests pass, anything else is 403. The keys are S3RVER and a secret of this data
 * directory (`$DATA_DIR/s3-secret`, mode 0600), set as S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY for
 * the handlers. S3_PORT chooses the port (default 4569; a free one when the runtime itself takes a
 * free port). S3_ENDPOINT set means another S3-compatible server is used instead, and none is started.
 */
export async function startLocalS3({
  dataDir,
  ephemeralPorts,
  origin,
  secret,
}: {
  dataDir: string;
  ephemeralPorts: boolean;
  origin: string;
  secret: () => string;
}): Promise<LocalS3 | undefined> {
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
  // mkdtemp makes the directory 0700: only this user reaches the socket, and no browser reaches any.
  const socketDir = mkdtempSync(join(tmpdir(), "agency-s3-"));
  const socketPath = join(socketDir, "s3rver.sock");
  const inner = createServer(s3rver.callback());
  await new Promise<void>((res, rej) => inner.once("error", rej).listen(socketPath, () => res()));

  const credentials = { accessKeyId: "S3RVER", secretAccessKey: secret() };
  const keys = { S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey };
  const server = createServer(s3Guard({ socketPath, bucket, origin, credentials: () => credentials }));
  // Both loopback addresses, as the site does, so `localhost` reaches it whichever the browser picks.
  const extra = await listen(server, port, undefined);
  const endpoint = `http://localhost:${port}`;
  process.env.S3_ENDPOINT = endpoint;
  Object.assign(process.env, keys);
  return {
    endpoint,
    bucket,
    async close() {
      if (process.env.S3_ENDPOINT === endpoint) {
        delete process.env.S3_ENDPOINT;
        for (const name of Object.keys(keys)) delete process.env[name];
      }
      for (const l of extra) l.close();
      for (const s of [server, inner]) {
        await new Promise<void>((res) => {
          s.close(() => res());
          s.closeAllConnections();
        });
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
