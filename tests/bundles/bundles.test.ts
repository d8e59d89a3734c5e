// @vitest-environment node
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lambdaNode, sstBundle } from "../../bench/sst-bundle";
import { features, handlerPath, routes, type Feature } from "../../packages/core/src/routes";
import { startDynalite } from "../../packages/local/src/dynamo";
import { createGateway } from "../../packages/local/src/gateway";
import { startLocalS3, type LocalS3 } from "../../packages/local/src/s3";
import { call, freshIp, type HttpResponse } from "../support/http";
import { photo } from "../support/photo";
import { PAGE_CONTENT_TYPE, PAGES_PREFIX, READS_KEY, TEMPLATE_KEY } from "../../packages/functions/src/render/render";
import { PAGE_CACHE_CONTROL } from "../../packages/functions/src/render/s3-store";

/**
 * The functions' deployed code, run. Each function is built as `sst deploy` builds it
 * (bench/sst-bundle.ts: SST's esbuild, infra/bundling.ts's plugins, code splitting) and run under
 * the Node.js of the functions' runtime (22) in a process of its own with Lambda's environment: the
 * function's name, the role's keys in the environment, the table and bucket names, SST's bound
 * parameters and secrets, and dynalite as the DynamoDB endpoint. Every request below goes through
 * the local gateway twice, with the same data: once served by the source modules (what `npm start`
 * runs), once by the bundles; the answers must be equal. A bundle that cannot load a chunk, or that
 * reaches a `require` infra/bundling.ts stubs out, answers differently (a 500) and fails here.
 *
 * The render function (infra/api.ts's `pageRenderer`) bundles the web app's server entry
 * (web/dist-server, made by `npm run -s build:web`, as SST runs the site's build before bundling
 * the functions): it reads the public API through the gateway that serves from the bundles, and
 * writes the pages to the web bucket in the local runtime's S3 (packages/local/src/s3.ts), which
 * every function here reaches as the source handlers do (S3_ENDPOINT). No distribution: nothing
 * to invalidate.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Outside the repository, as in Lambda: no node_modules above the code to resolve a missing module from. */
const outRoot = fs.mkdtempSync(path.join(os.tmpdir(), "agency-bundles-"));
const worker = path.join(root, "tests/bundles/lambda-worker.mjs");

/** The functions that are not behind a route (infra/api.ts, infra/schedule.ts). */
const otherFunctions = {
  "lead-mail": "packages/functions/src/lead-mail/handler.ts",
  "scheduled-publish": "packages/functions/src/scheduled-publish/handler.ts",
  "seed-script": "packages/functions/src/deploy/seed-script.ts",
  render: "packages/functions/src/render/handler.ts",
  "media-derive": "packages/functions/src/media-derive/handler.ts",
} as const;
/**
 * The functions deployed with the sharp layer (infra/sharp.ts), and the layer as Lambda mounts it:
 * `nodejs/node_modules` on NODE_PATH, holding sharp and its libvips package (this machine's, here).
 */
const withSharpLayer: readonly FunctionName[] = ["admin-media", "media-derive"];
const sharpLayer = path.join(outRoot, "layer", "nodejs", "node_modules");
type FunctionName = Feature | keyof typeof otherFunctions;
const entryOf = (name: FunctionName) => (name in otherFunctions ? otherFunctions[name as keyof typeof otherFunctions] : handlerPath(name as Feature));

const PUBLIC_URL = "http://localhost:3000";
const TABLE = "bundles";
const WEB_BUCKET = "bundles-web";
/** What the render function bundles (`@agency/web/entry-server`) and the template it reads from the bucket. */
const webServerEntry = path.join(root, "web/dist-server/entry-server.js");
const webTemplate = path.join(root, "web/dist/index.html");
const deployed = {
  TABLE_NAME: TABLE,
  MEDIA_BUCKET: "bundles-media",
  SST_Parameter_value_PUBLIC_URL: PUBLIC_URL,
  SST_Secret_value_DEVICE_COOKIE_SECRET: randomBytes(32).toString("base64url"),
  SST_Secret_value_PREVIEW_LINK_SECRET: randomBytes(32).toString("base64url"),
  AWS_REGION: "us-east-1",
  AWS_ACCESS_KEY_ID: "AKIABUNDLESTEST00000",
  AWS_SECRET_ACCESS_KEY: "bundles-test-secret",
  AWS_SESSION_TOKEN: "bundles-test-session",
};

/** One function's process: Node 22, Lambda's environment, the handler loaded once and reused. */
class LambdaProcess {
  private child: ChildProcess;
  private ready: Promise<void>;
  private next = 0;
  private waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private queue: Promise<unknown> = Promise.resolve();
  readonly log: string[] = [];
  fatal: string | undefined;

  constructor(
    readonly name: FunctionName,
    entry: string,
    node: string,
    env: Record<string, string>,
  ) {
    this.child = fork(worker, [entry], {
      execPath: node,
      cwd: path.dirname(entry),
      env: {
        PATH: process.env.PATH ?? "",
        ...env,
        AWS_LAMBDA_FUNCTION_NAME: `bundles-${name}`,
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE: "1024",
        AWS_EXECUTION_ENV: "AWS_Lambda_nodejs22.x",
        LAMBDA_TASK_ROOT: path.dirname(entry),
        TZ: ":UTC",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    const keep = (chunk: Buffer) => this.log.push(chunk.toString("utf8"));
    this.child.stdout!.on("data", keep);
    this.child.stderr!.on("data", keep);
    this.ready = new Promise((resolve, reject) => {
      this.child.on("message", (m: { ready?: true; fatal?: string; id?: number; result?: unknown; error?: string }) => {
        if (m.ready) return resolve();
        if (m.fatal) {
          this.fatal = m.fatal;
          for (const w of this.waiting.values()) w.reject(new Error(`${name}: ${m.fatal}`));
          return;
        }
        const w = this.waiting.get(m.id!);
        this.waiting.delete(m.id!);
        if (m.error) w?.reject(new Error(`${name} threw: ${m.error}`));
        else w?.resolve(m.result);
      });
      this.child.on("exit", (code) => {
        const err = new Error(`${name}'s process ended (${code}): ${this.fatal ?? this.log.join("")}`);
        reject(err);
        for (const w of this.waiting.values()) w.reject(err);
      });
    });
  }

  /** One invocation at a time, as Lambda gives a function instance one event at a time. */
  invoke<T = unknown>(event: unknown): Promise<T> {
    const run = this.queue.then(async () => {
      await this.ready;
      const id = this.next++;
      return new Promise<T>((resolve, reject) => {
        this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        this.child.send({ id, event });
      });
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  stop() {
    this.child.kill();
  }
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/**
 * SES v2's SendEmail as the lead mail sender's SDK client reaches it (AWS_ENDPOINT_URL_SESV2): the
 * raw messages it was given.
 */
const sentMail: string[] = [];
const ses = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { Content?: { Raw?: { Data?: string } } };
    const ok = req.method === "POST" && req.url === "/v2/email/outbound-emails" && body.Content?.Raw?.Data;
    if (ok) sentMail.push(Buffer.from(body.Content!.Raw!.Data!, "base64").toString("utf8"));
    res.writeHead(ok ? 200 : 400, { "content-type": "application/json" });
    res.end(JSON.stringify(ok ? { MessageId: `bundles-${sentMail.length}` } : { message: "not SendEmail" }));
  });
});

let db: Awaited<ReturnType<typeof startDynalite>>;
let s3: LocalS3 | undefined;
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-bundles-s3-"));
let sourceGateway: Server;
let bundleGateway: Server;
let sourceUrl: string;
let bundleUrl: string;
const lambdas = new Map<FunctionName, LambdaProcess>();
/** Which functions the bundle gateway was asked for, by feature. */
const served = new Set<string>();
let cookie = "";

beforeAll(async () => {
  for (const file of [webServerEntry, webTemplate]) {
    if (!fs.existsSync(file)) {
      throw new Error(
        `${path.relative(root, file)} is missing: the render function bundles the web app's server entry and renders with its template. Run \`npm run -s build:web\` first.`,
      );
    }
  }
  db = await startDynalite();
  // The source handlers (the local gateway's) see the same settings as the bundles, by the names
  // SST gives them, the Lambda-only ones excepted.
  Object.assign(process.env, deployed, { DYNAMODB_ENDPOINT: db.endpoint });
  // The local runtime's S3 (its media bucket, MEDIA_BUCKET), which sets S3_ENDPOINT and its keys here.
  s3 = await startLocalS3({ dataDir: s3Dir, ephemeralPorts: true, origin: PUBLIC_URL, secret: () => randomBytes(24).toString("base64url") });
  if (!s3) throw new Error("S3_ENDPOINT is set: the bundles test starts its own local S3, unset it");
  const s3Env = { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID!, S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY! };
  // The web bucket as a deploy leaves it: the site's files, among them the pages' template.
  {
    const { sdk, client } = await s3Client();
    await client.send(new sdk.CreateBucketCommand({ Bucket: WEB_BUCKET }));
    const html = fs.readFileSync(webTemplate, "utf8");
    await client.send(new sdk.PutObjectCommand({ Bucket: WEB_BUCKET, Key: TEMPLATE_KEY, Body: html, ContentType: "text/html; charset=utf-8" }));
  }
  const names: FunctionName[] = [...features, ...(Object.keys(otherFunctions) as Array<keyof typeof otherFunctions>)];
  const sesUrl = await listen(ses);
  const [node, built] = await Promise.all([lambdaNode(), Promise.all(names.map(async (name) => [name, await sstBundle(entryOf(name), path.join(outRoot, name))] as const))]);
  const env = { ...deployed, ...s3Env, DYNAMODB_ENDPOINT: db.endpoint, AWS_ENDPOINT_URL_SESV2: sesUrl };
  fs.mkdirSync(sharpLayer, { recursive: true });
  for (const pkg of ["sharp", "@img"]) fs.symlinkSync(path.join(root, "node_modules", pkg), path.join(sharpLayer, pkg));
  for (const [name, { entry }] of built) {
    // The render function starts once the bundles' gateway, its API_URL, listens (below).
    if (name !== "render") lambdas.set(name, new LambdaProcess(name, entry, node, withSharpLayer.includes(name) ? { ...env, NODE_PATH: sharpLayer } : env));
  }

  // The table and its content as a deploy leaves them: the seed script's own bundle makes them.
  const { ensureTable } = await import("../../packages/core/src/db/table");
  await ensureTable(TABLE);
  await lambdas.get("seed-script")!.invoke({ RequestType: "Create" });

  sourceGateway = createGateway();
  bundleGateway = createGateway({
    loadHandler: async (feature) => {
      served.add(feature);
      const lambda = lambdas.get(feature as Feature)!;
      return (event: APIGatewayProxyEventV2) => lambda.invoke<APIGatewayProxyResultV2>(event);
    },
  });
  [sourceUrl, bundleUrl] = await Promise.all([listen(sourceGateway), listen(bundleGateway)]);
  // infra/api.ts's environment for it, the distribution's id left out: no invalidation.
  const render = built.find(([name]) => name === "render")![1];
  lambdas.set("render", new LambdaProcess("render", render.entry, node, { ...env, WEB_BUCKET, API_URL: bundleUrl }));

  // An owner, made with the domain code, signs in for real through the bundled auth function.
  const { AdminAccounts } = await import("../../packages/core/src/auth/admin-accounts");
  await AdminAccounts.create({ username: "bundles", password: "bundles-password-0123456789", full_name: "Bundles", role: "owner" });
  const signIn = await send(bundleUrl, "POST", "/api/admin/login", { body: { username: "bundles", password: "bundles-password-0123456789" } });
  expect(signIn.status, signIn.text).toBe(200);
  cookie = cookieOf(signIn);
}, 900_000);

afterAll(async () => {
  for (const l of lambdas.values()) l.stop();
  await Promise.all([sourceGateway, bundleGateway, ses].map((s) => s && new Promise((r) => s.close(r))));
  await db?.close();
  await s3?.close();
  fs.rmSync(outRoot, { recursive: true, force: true });
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const cookieOf = (res: HttpResponse) =>
  ([res.headers["set-cookie"] ?? []].flat() as string[])
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");

type Request = { body?: unknown; signedIn?: boolean; ip?: string };
const send = (base: string, method: string, url: string, { body, signedIn = false, ip }: Request = {}) =>
  call(method, url, {
    baseUrl: base,
    ip,
    body,
    headers: { host: new URL(PUBLIC_URL).host, origin: PUBLIC_URL, ...(signedIn && cookie ? { cookie } : {}) },
  });

/** What differs between two equal answers: ids, times, request ids, tokens and signatures. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;
/** A random token (a link's, a session's): 32 or more base64url characters. */
const TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;
const normalise = (text: string) => text.replace(UUID, "<uuid>").replace(ISO, "<time>").replace(TOKEN, "<token>");
const DROPPED_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
function comparable(res: HttpResponse, ignore: string[]) {
  const headers: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(res.headers)) {
    if (DROPPED_HEADERS.has(k)) continue;
    headers[k] = k === "set-cookie" ? [v].flat().map((c) => String(c).replace(/=[^;]+/, "=<value>")) : normalise(String(v));
  }
  let body: unknown = normalise(res.text);
  if (res.json !== undefined) {
    const strip = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(strip)
        : v && typeof v === "object"
          ? Object.fromEntries(
              Object.entries(v)
                .filter(([k]) => !ignore.includes(k))
                .map(([k, x]) => [k, strip(x)]),
            )
          : v;
    body = JSON.parse(normalise(JSON.stringify(strip(res.json))));
    // Content-Length follows the body, which the ignored fields may change.
    if (ignore.length) delete headers["content-length"];
  }
  return { status: res.status, headers, body };
}

/**
 * A request answered by the source handlers, then the same one by the bundles (from one fresh
 * address each, so rate limits see a visitor's first request): the answers must be equal.
 * `ignore` names body fields a write changes between the two (a version, a count).
 */
async function same(method: string, url: string, request: Request & { ignore?: string[] } = {}) {
  const ip = freshIp();
  const source = await send(sourceUrl, method, url, { ...request, ip });
  const bundled = await send(bundleUrl, method, url, { ...request, ip });
  const logs = [...lambdas.values()].map((l) => l.log.join("")).join("");
  expect(source.status, `${method} ${url} from source: ${source.text}`).toBeLessThan(500);
  expect(comparable(bundled, request.ignore ?? []), `${method} ${url}\n${logs.slice(-4000)}`).toEqual(comparable(source, request.ignore ?? []));
  return source;
}

describe("the deployed bundles", () => {
  it("answer public reads as the source does", async () => {
    await same("GET", "/api/services");
    await same("GET", "/api/page-sections/home");
    await same("GET", "/api/site-settings");
    await same("GET", "/api/courses");
    await same("GET", "/api/blog-posts");
    await same("GET", "/api/blog-categories");
    await same("GET", "/api/blog-posts/no-such-post");
    await same("GET", "/rss.xml");
    await same("GET", "/sitemap.xml");
    await same("GET", "/robots.txt");
    await same("GET", "/api/auth/config");
    await same("GET", "/api/users/me");
    await same("GET", "/api/team/invitations/not-a-token");
  });

  it("answer public writes as the source does", async () => {
    const courses = (await send(sourceUrl, "GET", "/api/courses")).json as Array<{ title: string }>;
    await same("POST", "/api/contact", { body: { name: "Bundle Visitor", email: "bundle@example.com", message: "Sent to the deployed code.", inquiryType: "general" } });
    await same("POST", "/api/contact", { body: { name: "", email: "not-an-email" } });
    await same("POST", "/api/course-registrations", {
      body: { name: "Bundle Visitor", email: "bundle@example.com", course_interest: courses[0]!.title, experience_level: "Beginner" },
    });
    await same("POST", "/api/newsletter/subscriptions", { body: { email: "bundle-reader@example.com" } });
    await same("POST", "/api/newsletter/subscriptions", { body: { email: "not-an-email" } });
    await same("POST", "/api/newsletter/confirmations", { body: { token: "not-a-token" } });
    await same("GET", "/api/newsletter/unsubscribe?token=a~b");
  });

  it("answer admin reads with a real session as the source does", async () => {
    const signedIn = { signedIn: true };
    await same("GET", "/api/admin/me", signedIn);
    await same("GET", "/api/admin/account/sessions", signedIn);
    await same("GET", "/api/admin/dashboard-stats", signedIn);
    await same("GET", "/api/admin/contact-submissions", signedIn);
    await same("GET", "/api/admin/course-registrations", signedIn);
    await same("GET", "/api/admin/site-settings", signedIn);
    await same("GET", "/api/admin/page-sections/home", signedIn);
    await same("GET", "/api/admin/blog-posts", signedIn);
    await same("GET", "/api/admin/users", signedIn);
    await same("GET", "/api/admin/media", signedIn);
    await same("GET", "/api/admin/audit-log", signedIn);
    await same("GET", "/api/admin/revisions?entity=site-settings&id=company_name", signedIn);
    await same("GET", "/api/admin/team", signedIn);
    await same("GET", "/api/admin/trash", signedIn);
    await same("GET", "/api/admin/newsletter/subscribers?status=pending", signedIn);
    await same("GET", "/api/admin/newsletter/subscribers/stats", signedIn);
    await same("GET", "/api/admin/webhooks", signedIn);
    // Without the session: the guard's 401.
    await same("GET", "/api/admin/dashboard-stats");
  });

  it("answer admin writes with a real session as the source does", async () => {
    const signedIn = { signedIn: true };
    const messages = (await send(sourceUrl, "GET", "/api/admin/contact-submissions", signedIn)).json as Array<{ id: string }>;
    await same("PUT", `/api/admin/contact-submissions/${messages[0]!.id}/status`, { ...signedIn, body: { status: "read" } });
    const registrations = (await send(sourceUrl, "GET", "/api/admin/course-registrations", signedIn)).json as Array<{ id: string }>;
    await same("PUT", `/api/admin/course-registrations/${registrations[0]!.id}/status`, { ...signedIn, body: { status: "contacted" } });
    await same("PUT", "/api/admin/site-settings/company_name", { ...signedIn, body: { value: "Bundled Agency" }, ignore: ["version"] });
    const services = (await send(sourceUrl, "GET", "/api/admin/services", signedIn)).json as Array<Record<string, unknown>>;
    await same("PUT", `/api/admin/services/${services[0]!.id}`, { ...signedIn, body: { title: "Bundled service" }, ignore: ["version"] });
    await same("POST", "/api/admin/blog-posts", { ...signedIn, body: { title: "A bundled post" } });
    // A presigned POST: its policy and signature carry the moment it was signed.
    await same("POST", "/api/admin/uploads", {
      ...signedIn,
      body: { filename: "a.png", content_type: "image/png", size: 100 },
      ignore: ["Policy", "X-Amz-Date", "X-Amz-Signature"],
    });
    await same("POST", "/api/admin/team/invitations", { ...signedIn, body: { email: "invitee@example.com", role: "editor" } });
    await same("DELETE", "/api/admin/users/no-such-user", signedIn);
    await same("DELETE", "/api/admin/newsletter/subscribers/no-such-subscriber", signedIn);
    await same("POST", "/api/admin/webhooks", { ...signedIn, body: { url: "not-a-url", events: [] } });
    await same("DELETE", "/api/admin/account/sessions", signedIn);
  });

  it("served every feature's requests from its own bundle", () => {
    expect([...served].sort()).toEqual([...features].sort());
    const routed = new Set(Object.values(routes).map((r) => r.feature));
    expect([...routed].sort()).toEqual([...features].sort());
  });

  it("run the functions behind no route: the lead mail sender, scheduled publishing and the deploy's seed script", async () => {
    // The table's stream delivers a new lead (stored as pending: no local mail hook runs here).
    const messages = (await send(sourceUrl, "GET", "/api/admin/contact-submissions", { signedIn: true })).json as Array<{ id: string; name: string }>;
    const lead = messages.find((m) => m.name === "Bundle Visitor")!;
    const image = { __edb_e__: { S: "contactSubmission" }, id: { S: lead.id }, mail_status: { S: "pending" } };
    await lambdas.get("lead-mail")!.invoke({ Records: [{ eventName: "INSERT", dynamodb: { NewImage: image } }] });
    expect(sentMail).toHaveLength(1);
    expect(sentMail[0]).toContain("Subject: New enquiry from Bundle Visitor");
    // ...and a newsletter signup's confirmation, with its one-click unsubscribe, from the same stream.
    const { subscriberId } = await import("../../packages/core/src/newsletter/newsletter");
    const subscriber = { __edb_e__: { S: "newsletterSubscriber" }, id: { S: subscriberId("bundle-reader@example.com") }, mail_status: { S: "pending" } };
    await lambdas.get("lead-mail")!.invoke({ Records: [{ eventName: "INSERT", dynamodb: { NewImage: subscriber } }] });
    expect(sentMail).toHaveLength(2);
    expect(sentMail[1]).toContain("Subject: Confirm your newsletter subscription");
    expect(sentMail[1]).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(sentMail[1]).toContain("/newsletter/confirm?token");

    expect(await lambdas.get("scheduled-publish")!.invoke({ "detail-type": "Scheduled Event", source: "aws.events", detail: {} })).toEqual({ published: [] });
    await lambdas.get("seed-script")!.invoke({ RequestType: "Update" });
  });

  it("check an upload and make its sizes with sharp from the layer: admin-media completes a photo, media-derive derives it on its original's event", async () => {
    const jpeg = await (
      await photo(1600, 1200)
    )
      .jpeg({ quality: 85 })
      .withExif({ IFD0: { Make: "Bundle Camera", Model: "Serial 12345" } })
      .toBuffer();
    const ticket = (await send(bundleUrl, "POST", "/api/admin/uploads", { signedIn: true, body: { filename: "photo.jpg", content_type: "image/jpeg", size: jpeg.length } }))
      .json as {
      id: string;
      url: string;
      fields: Record<string, string>;
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append("file", new Blob([Uint8Array.from(jpeg)], { type: "image/jpeg" }), "photo.jpg");
    expect((await fetch(ticket.url, { method: "POST", body: form, headers: { origin: PUBLIC_URL } })).ok).toBe(true);
    const completed = await send(bundleUrl, "POST", `/api/admin/uploads/${ticket.id}/complete`, { signedIn: true, body: {} });
    expect(completed.status, completed.text + lambdas.get("admin-media")!.log.join("").slice(-2000)).toBe(200);
    expect(completed.json).toMatchObject({ status: "processing", width: 1600, height: 1200 });

    // S3's "Object Created" event for the original, as EventBridge delivers it.
    const key = `originals/${ticket.id}.jpg`;
    await lambdas.get("media-derive")!.invoke({ "detail-type": "Object Created", source: "aws.s3", detail: { bucket: { name: deployed.MEDIA_BUCKET }, object: { key } } });
    const info = await send(bundleUrl, "GET", `/api/images/${ticket.id}`);
    expect(info.status, info.text + lambdas.get("media-derive")!.log.join("").slice(-2000)).toBe(200);
    expect(info.json).toMatchObject({ width: 1600, height: 1200, widths: [320, 640, 768, 960, 1280, 1600], fallback: "jpg" });
    // The served address and its sizes carry no camera metadata.
    const { sdk, client } = await s3Client();
    const url = (info.json as { url: string }).url;
    for (const served of [url.slice(1), `${url.slice(1, url.lastIndexOf("."))}/640.webp`]) {
      const body = await (await client.send(new sdk.GetObjectCommand({ Bucket: deployed.MEDIA_BUCKET, Key: served }))).Body!.transformToByteArray();
      expect(Buffer.from(body).includes("Bundle Camera"), served).toBe(false);
    }
  });

  it("render pages into the web bucket: the home page and a post, then every page", async () => {
    const settings = (await send(sourceUrl, "GET", "/api/site-settings")).json as Record<string, unknown>;
    const siteName = String(settings.company_name);
    expect(siteName.length, "the site's name in its settings").toBeGreaterThan(0);
    const post = ((await send(sourceUrl, "GET", "/api/blog-posts")).json as Array<{ slug: string; title: string }>)[0]!;
    expect(post, "a published post to render").toBeDefined();
    const render = lambdas.get("render")!;
    const sqs = (...bodies: unknown[]) => ({
      Records: bodies.map((body, i) => ({ messageId: `m-${i}`, body: JSON.stringify(body), attributes: { MessageGroupId: "pages" }, eventSource: "aws:sqs" })),
    });
    const logs = () => render.log.join("").slice(-4000);

    const { sdk, client } = await s3Client();
    const page = async (key: string) => {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: WEB_BUCKET, Key: key }));
      return { contentType: res.ContentType, cacheControl: res.CacheControl, html: await res.Body!.transformToString("utf-8") };
    };
    const keys = async () => ((await client.send(new sdk.ListObjectsV2Command({ Bucket: WEB_BUCKET, Prefix: PAGES_PREFIX }))).Contents ?? []).map((o) => o.Key!).sort();

    await render.invoke(sqs({ pages: ["/", `/blog/${post.slug}`] })).catch((err: Error) => {
      throw new Error(`${err.message}\n${logs()}`);
    });
    // The two pages, and the record of which API reads each page made (what a later change re-renders).
    expect(await keys(), logs()).toEqual(["pages/blog/" + post.slug + ".html", "pages/index.html", READS_KEY].sort());
    const escaped = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const home = await page("pages/index.html");
    expect(home.contentType).toBe(PAGE_CONTENT_TYPE);
    expect(home.cacheControl).toBe(PAGE_CACHE_CONTROL);
    expect(home.html).toContain(escaped(siteName));
    // Rendered, not the bare template: the page's own head and content are in it.
    expect(home.html).not.toBe(fs.readFileSync(webTemplate, "utf8"));
    expect(home.html).toContain(`<link rel="canonical" href="${PUBLIC_URL}`);
    const blogPost = await page(`pages/blog/${post.slug}.html`);
    expect(blogPost.contentType).toBe(PAGE_CONTENT_TYPE);
    expect(blogPost.cacheControl).toBe(PAGE_CACHE_CONTROL);
    expect(blogPost.html).toContain(escaped(post.title));
    expect(blogPost.html).toContain(escaped(siteName));

    // A deploy's full render: every address of the sitemap.
    await render.invoke(sqs({ all: true })).catch((err: Error) => {
      throw new Error(`${err.message}\n${logs()}`);
    });
    const all = await keys();
    for (const key of ["pages/index.html", `pages/blog/${post.slug}.html`, "pages/blog.html", "pages/about.html"]) expect(all, logs()).toContain(key);
    expect(logs()).toContain("cdn: no distribution, nothing to invalidate");
  });

  it("never ended a function's process", () => {
    for (const l of lambdas.values()) expect(l.fatal, l.name).toBeUndefined();
  });
});

/** The test's own S3 client for the local S3 (S3_ENDPOINT, set by startLocalS3): the same module the functions use. */
async function s3Client() {
  const { s3: client } = await import("../../packages/core/src/media/storage");
  return client();
}
