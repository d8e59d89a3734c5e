/**
 * npm run bench:admin — the back office API at volume. Seeds a fresh data directory with 20,000
 * messages, 5,000 registrations, 500 blog posts and 2,000 users (batch writes of the domain modules'
 * own records, posts and users through the domain modules, then the recount), starts the real local
 * runtime on it (`npm start`'s code, dynalite embedded), signs in with Development Login and measures
 * over HTTP: the Overview, the first page of each list, the stats, a search that matches nothing (so
 * it reads every message, following the cursors as the screen does), and a full Mark All Read (every
 * call). Prints a table of medians and writes bench/admin-results.json.
 *
 * Targets: dashboard-stats <= 50 ms; a first page <= 150 ms and <= 200 KB; search across all
 * messages <= 1.5 s; no response over 1 MB; Mark All Read completes with every call under 5 s.
 * A benchmark, not a test: it exits 0 either way (--check: 1 when a target is missed).
 *
 * Environment: BENCH_RUNS (timed runs per request, median; default 9), BENCH_PORT (default a free port),
 * BENCH_MESSAGES / BENCH_REGISTRATIONS / BENCH_POSTS / BENCH_USERS to change the volumes.
 */
import fs from "node:fs";
import { Agent, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startRuntime, freePort } from "../tests/support/runtime";
import { deterministic, openSeededStore } from "./seeding";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 9));
const check = process.argv.includes("--check");
const volume = {
  messages: Number(process.env.BENCH_MESSAGES ?? 20_000),
  registrations: Number(process.env.BENCH_REGISTRATIONS ?? 5_000),
  posts: Number(process.env.BENCH_POSTS ?? 500),
  users: Number(process.env.BENCH_USERS ?? 2_000),
};
const KB = 1000;
const DAY = 86_400_000;

// ---- Deterministic content ---------------------------------------------------------------------
const { random, pick, sentence } = deterministic(20261123);
const text = (minChars: number, maxChars: number) => {
  const target = minChars + Math.floor(random() * (maxChars - minChars));
  let out = "";
  while (out.length < target) out += `${sentence(12)}. `;
  return out.slice(0, target);
};
const firstNames = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Radia", "Tim", "Frances", "Linus"];
const lastNames = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson", "Perlman", "Berners-Lee", "Allen", "Torvalds"];
/** A time within the last two years, a few of them today. */
const createdAt = (i: number, now: number) => new Date(i % 500 === 0 ? now - Math.floor(random() * 3_600_000) : now - Math.floor(random() * 730 * DAY)).toISOString();

// ---- Seeding -----------------------------------------------------------------------------------
async function seedData(dataDir: string) {
  const db0 = await openSeededStore(dataDir);
  const { db } = await import("../packages/core/src/db/service");
  const { Messages } = await import("../packages/core/src/messages/messages");
  const { Registrations } = await import("../packages/core/src/registrations/registrations");
  const { BlogEditor } = await import("../packages/core/src/blog/editor");
  const { blogPostInput } = await import("../packages/core/src/contract/blog");
  const { Users } = await import("../packages/core/src/users/users");
  const { recount } = await import("../packages/core/src/counters/recount");
  const now = Date.now();
  const started = Date.now();
  const inChunks = async <T>(items: T[], size: number, write: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < items.length; i += size) await write(items.slice(i, i + size));
  };

  const person = () => `${pick(firstNames)} ${pick(lastNames)}`;
  const messages = Array.from({ length: volume.messages }, (_, i) => {
    const name = person();
    return Messages.record(
      {
        name,
        email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}${i}@example.com`,
        company: random() < 0.6 ? `${pick(lastNames)} ${pick(["Labs", "Logistics", "Health", "Retail", "Capital"])}` : "",
        message: text(80, 1500),
        form_type: pick(["automation", "education", "partnership", "general"] as const),
      },
      createdAt(i, now),
    );
  });
  // A quarter already read, as an inbox would be.
  for (const m of messages) if (random() < 0.25) m.is_read = true;
  await inChunks(messages, 1000, (chunk) => db().contactSubmission.put(chunk).go({ concurrent: 4 }));
  console.log(`  ${volume.messages} messages (${Date.now() - started} ms)`);

  const registrations = Array.from({ length: volume.registrations }, (_, i) => {
    const name = person();
    const r = Registrations.record(
      {
        name,
        email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}${i}@example.com`,
        phone: random() < 0.5 ? `+1 555 ${String(1_000_000 + i).slice(1)}` : "",
        company: random() < 0.4 ? `${pick(lastNames)} Inc` : "",
        course_interest: pick(["AI Automation with Python", "Machine Learning Fundamentals", "Data Science Bootcamp", "Not sure"]),
        experience_level: pick(["", "Beginner", "Intermediate", "Advanced"] as const),
        preferred_start_date: "",
        additional_notes: random() < 0.3 ? text(20, 400) : "",
      },
      createdAt(i, now),
    );
    return { ...r, status: pick(["pending", "pending", "contacted", "enrolled", "declined"] as const) };
  });
  await inChunks(registrations, 1000, (chunk) => db().courseRegistration.put(chunk).go({ concurrent: 4 }));
  console.log(`  ${volume.registrations} registrations (${Date.now() - started} ms)`);

  const posts = Array.from({ length: volume.posts }, (_, i) => ({
    input: blogPostInput.parse({
      title: `${sentence(5)} ${i}`,
      slug: `bench-post-${i}`,
      content: Array.from({ length: 8 }, () => `<p>${text(300, 700)}</p>`).join("\n"),
      excerpt: text(80, 160),
      category: pick(["automation", "ai-trends", "case-studies", "tutorials"]),
      author_name: person(),
      is_published: random() < 0.8,
    }),
    created_at: createdAt(i, now),
  }));
  await inChunks(posts, 20, (chunk) => Promise.all(chunk.map((p) => BlogEditor.create(p.input, crypto.randomUUID(), p.created_at))));
  console.log(`  ${volume.posts} blog posts (${Date.now() - started} ms)`);

  const users = Array.from({ length: volume.users }, (_, i) => {
    const name = person();
    const joined = Date.parse(createdAt(i, now));
    return { profile: { sub: `bench-${i}`, email: `user${i}@example.com`, email_verified: true, name: random() < 0.9 ? name : undefined }, joined };
  });
  await inChunks(users, 50, (chunk) => Promise.all(chunk.map((u) => Users.upsertFromGoogle(u.profile, u.joined))));
  console.log(`  ${volume.users} users (${Date.now() - started} ms)`);

  const counted = await recount();
  console.log(`  recount: ${counted.counters} counters (${Date.now() - started} ms)`);
  await db0.close();
  delete process.env.DYNAMODB_ENDPOINT;
  return Date.now() - started;
}

// ---- HTTP --------------------------------------------------------------------------------------
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
interface Res {
  status: number;
  ms: number;
  bytes: number;
  json: any;
  headers: Record<string, string | string[] | undefined>;
}
let base = "";
let cookie = "";
let largest = { bytes: 0, what: "" };
function http(method: string, pathname: string, body?: unknown): Promise<Res> {
  const url = new URL(pathname, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      {
        agent,
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          origin: new URL(base).origin,
          ...(cookie ? { cookie } : {}),
          ...(payload !== undefined ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const ms = performance.now() - t0;
          const buf = Buffer.concat(chunks);
          const query = url.search.replace(/cursor=[^&]+/, "cursor=…");
          if (buf.length > largest.bytes) largest = { bytes: buf.length, what: `${method} ${url.pathname}${query}` };
          let json: unknown;
          try {
            json = JSON.parse(buf.toString("utf8"));
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, ms, bytes: buf.length, json, headers: res.headers });
        });
      },
    );
    req.on("error", reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Row {
  name: string;
  medianMs: number;
  maxMs: number;
  bytes: number;
  targetMs?: number;
  targetBytes?: number;
  note?: string;
}
const rows: Row[] = [];

async function timed(name: string, pathname: string, targets: { ms?: number; bytes?: number } = {}) {
  const first = await http("GET", pathname);
  if (first.status !== 200) throw new Error(`${pathname}: ${first.status} ${JSON.stringify(first.json)}`);
  const times: number[] = [];
  let bytes = first.bytes;
  for (let i = 0; i < runs; i++) {
    const r = await http("GET", pathname);
    times.push(r.ms);
    bytes = r.bytes;
  }
  const count = Array.isArray(first.json) ? `${first.json.length} items${first.headers["x-next-cursor"] ? " + cursor" : ""}` : undefined;
  rows.push({ name, medianMs: median(times), maxMs: Math.max(...times), bytes, targetMs: targets.ms, targetBytes: targets.bytes, note: count });
  return first;
}

/** Follows the cursors of a list to its end, as the screen does; returns the total time and calls. */
async function wholeList(pathname: string) {
  let cursor: string | undefined;
  let total = 0;
  let calls = 0;
  let maxMs = 0;
  let items = 0;
  do {
    const r = await http("GET", `${pathname}${cursor ? `&cursor=${cursor}` : ""}`);
    if (r.status !== 200) throw new Error(`${pathname}: ${r.status} ${JSON.stringify(r.json)}`);
    total += r.ms;
    maxMs = Math.max(maxMs, r.ms);
    calls++;
    items += r.json.length;
    cursor = r.headers["x-next-cursor"] as string | undefined;
  } while (cursor);
  return { total, calls, maxMs, items };
}

// ---- Run ---------------------------------------------------------------------------------------
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-bench-admin-"));
console.log(`Seeding ${dataDir}:`);
const seedMs = await seedData(dataDir);
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const runtime = await startRuntime({ dataDir, port, env: { DEV_LOGIN: "1" } });
base = runtime.url;
try {
  const login = await http("POST", "/api/auth/dev-login", {});
  if (login.status !== 200) throw new Error(`dev-login: ${login.status}`);
  cookie = String((login.headers["set-cookie"] as string[])[0]).split(";")[0]!;

  const stats = await timed("dashboard-stats", "/api/admin/dashboard-stats", { ms: 50 });
  const s = stats.json.stats;
  const countersRight = s.contacts.total === volume.messages && s.registrations.total === volume.registrations && s.blogPosts.total >= volume.posts;
  await timed("messages: first page (50)", "/api/admin/contact-submissions", { ms: 150, bytes: 200 * KB });
  await timed("registrations: first page (50)", "/api/admin/course-registrations", { ms: 150, bytes: 200 * KB });
  await timed("users: first page (50, by join date)", "/api/admin/users", { ms: 150, bytes: 200 * KB });
  await timed("users: first page (50, by name)", "/api/admin/users?sort=name&order=asc", { ms: 150, bytes: 200 * KB });
  await timed("blog posts: first page (50)", "/api/admin/blog-posts", { ms: 150, bytes: 200 * KB });
  await timed("messages: page of 100", "/api/admin/contact-submissions?limit=100", { bytes: 1000 * KB });
  await timed("messages: unread, first page", "/api/admin/contact-submissions?status=unread", { ms: 150, bytes: 200 * KB });
  await timed("messages/stats", "/api/admin/contact-submissions/stats", { ms: 50 });
  await timed("course-registrations/stats", "/api/admin/course-registrations/stats", { ms: 50 });
  await timed("users/stats", "/api/admin/users/stats", { ms: 150 });

  // A search that matches nothing reads every message; the screen follows the cursors.
  const searches = [];
  for (let i = 0; i < 3; i++) searches.push(await wholeList("/api/admin/contact-submissions?q=zq-no-such-text-zq"));
  const search = searches.sort((a, b) => a.total - b.total)[1]!;
  rows.push({
    name: `search all messages, no match (${search.calls} calls)`,
    medianMs: search.total,
    maxMs: search.maxMs,
    bytes: 2,
    targetMs: 1500,
    note: "total of the calls, median of 3",
  });
  const everything = await wholeList("/api/admin/contact-submissions?limit=100");
  rows.push({ name: `every message, pages of 100 (${everything.calls} calls)`, medianMs: everything.total, maxMs: everything.maxMs, bytes: 0, note: `${everything.items} items` });

  // Mark All Read, every call, until none remain.
  const markCalls: { ms: number; updated: number; remaining: number }[] = [];
  for (let i = 0; i < 200; i++) {
    const r = await http("PUT", "/api/admin/contact-submissions/mark-all-read", {});
    if (r.status !== 200) throw new Error(`mark-all-read: ${r.status} ${JSON.stringify(r.json)}`);
    markCalls.push({ ms: Math.round(r.ms), updated: r.json.updated, remaining: r.json.remaining });
    if (r.json.remaining === 0) break;
  }
  const markTotal = markCalls.reduce((a, c) => a + c.ms, 0);
  const markMax = Math.max(...markCalls.map((c) => c.ms));
  const markUpdated = markCalls.reduce((a, c) => a + c.updated, 0);
  rows.push({
    name: `mark-all-read (${markCalls.length} calls, ${markUpdated} marked)`,
    medianMs: markTotal,
    maxMs: markMax,
    bytes: 0,
    targetMs: undefined,
    note: "total; max is the slowest call (target < 5000)",
  });
  const after = await http("GET", "/api/admin/contact-submissions/stats");
  const unreadAfter = after.json.unread as number;

  // ---- Report ----------------------------------------------------------------------------------
  const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
  const met = (r: Row) => ((r.targetMs === undefined || r.medianMs <= r.targetMs) && (r.targetBytes === undefined || r.bytes <= r.targetBytes) ? "yes" : "NO");
  console.log(
    `\nAdmin API at ${volume.messages} messages, ${volume.registrations} registrations, ${volume.posts} posts, ${volume.users} users (median of ${runs}; seeding took ${(seedMs / 1000).toFixed(1)} s)\n`,
  );
  const header = ["Request", "median", "max", "size", "target", "met", "note"];
  const table = rows.map((r) => [
    r.name,
    fmtMs(r.medianMs),
    fmtMs(r.maxMs),
    r.bytes ? `${(r.bytes / KB).toFixed(1)} KB` : "",
    [r.targetMs !== undefined ? `<= ${fmtMs(r.targetMs)}` : "", r.targetBytes !== undefined ? `<= ${r.targetBytes / KB} KB` : ""].filter(Boolean).join(", "),
    r.targetMs !== undefined || r.targetBytes !== undefined ? met(r) : "",
    r.note ?? "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 || i === 6 ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const row of table) console.log(line(row));
  console.log(`\nMark All Read calls (ms / marked / remaining): ${markCalls.map((c) => `${c.ms}/${c.updated}/${c.remaining}`).join(", ")}`);
  console.log(`Largest response: ${(largest.bytes / KB).toFixed(1)} KB (${largest.what}); target < 1000 KB: ${largest.bytes < 1_000_000 ? "met" : "MISSED"}`);
  console.log(`Counters after seeding match the records: ${countersRight ? "yes" : "NO"}; unread after Mark All Read: ${unreadAfter}`);

  const misses = [
    ...rows.filter((r) => (r.targetMs !== undefined || r.targetBytes !== undefined) && met(r) === "NO").map((r) => r.name),
    ...(markMax >= 5000 ? ["a mark-all-read call took 5 s or more"] : []),
    ...(largest.bytes >= 1_000_000 ? ["a response over 1 MB"] : []),
    ...(countersRight ? [] : ["counters after seeding"]),
    ...(unreadAfter === 0 ? [] : ["unread left after Mark All Read"]),
  ];
  fs.writeFileSync(
    path.join(root, "bench", "admin-results.json"),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, volume, runs, seedMs, rows, markAllRead: markCalls, largestResponse: largest, countersRight, unreadAfter, misses }, null, 2)}\n`,
  );
  console.log(misses.length ? `\nTargets missed: ${misses.join("; ")}` : "\nEvery target met.");
  if (check && misses.length) process.exitCode = 1;
} finally {
  agent.destroy();
  await runtime.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
