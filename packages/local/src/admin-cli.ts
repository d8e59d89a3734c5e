import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { AdminAccounts } from "@agency/core/auth/admin-accounts";
import { isAuthorisedEmail } from "@agency/core/auth/allow-list";
import { db as db_ } from "@agency/core/db/service";
import { roles, type Role } from "@agency/core/contract/roles";
import { Owners } from "@agency/core/team/owners";
import { accountRole } from "@agency/core/team/roles";
import { Users } from "@agency/core/users/users";
import { config } from "@agency/core/config";
import { newPasswordSchema, usernameSchema } from "@agency/core/contract/auth";
import { roleArticle } from "@agency/core/contract/team";
import { recount } from "@agency/core/counters/recount";
import { ensureTable } from "@agency/core/db/table";
import { startDynalite } from "./dynamo";
import { localSecret } from "./runtime";
import { startLocalS3 } from "./s3";
import { repoRoot } from "./paths";

const usage = `Manage username admin accounts, and rebuild the back office's counters.

  npm run admin -- create <username> [--full-name "Full Name"] [--password-stdin]
  npm run admin -- set-password <username> [--password-stdin]
  npm run admin -- disable <username>
  npm run admin -- enable <username>
  npm run admin -- set-role <username | Google email> <owner | admin | editor>
  npm run admin -- recount
  npm run admin -- export [FILE] [--media DIR]
  npm run admin -- media-derive
  npm run admin -- import FILE [--media DIR]

set-role is the way back in when nobody can reach the Team screen: it makes an account (or a Google
admin, by the address ADMIN_EMAILS names) an owner, admin or editor, and enables a Google admin who
was disabled or taken off the team.

recount rebuilds every counter (posts, courses, messages, registrations, users) from the records and
writes the search text of records stored before search existed; it reads every record.

export writes the site's content (contract/site-export.ts: posts, sections, catalogue, settings,
leads, media records; never an account's secrets) to FILE, or to standard output; with --media, the
media files too, under DIR at their keys (media/2026/<id>.png), from the bucket at S3_ENDPOINT (or
MEDIA_BUCKET's in AWS).

media-derive makes the sizes (AVIF, WebP, JPEG/PNG, the social preview) of every completed image
that has none yet, such as images uploaded before sizes existed, or has them at an older set of
widths, from the bucket at S3_ENDPOINT (or MEDIA_BUCKET's in AWS). Images that have their sizes at
today's widths are left alone, so it can be run again.

import replaces the site's content with an export, as POST /api/admin/import does (the team's
accounts are kept): it first keeps an export of what it replaces in the Trash for 30 days (its
Download link), then writes the export's records and rebuilds every counter; with --media, it
uploads the media files found under DIR at their keys first. Then every public page is rendered
again, as after the API's import: a stage's through its render queue and CloudFront (RENDER_QUEUE_URL,
DISTRIBUTION_ID), the local ones here, under DATA_DIR (PUBLIC_URL: the site's address, as npm start
has it).

The password (at least 12 characters) is asked for on a terminal, or read from ADMIN_PASSWORD, or
from standard input with --password-stdin. Setting a password or disabling an account ends its
sessions. The table is the one at DYNAMODB_ENDPOINT (any DynamoDB, e.g. a stage's, with AWS
credentials), else the local data directory (DATA_DIR, default .data; stop npm start first).`;

/** The shell's changes keep the team's owners item (team/owners.ts) with the records, unconditionally: it is the way back in. */
const ownersFollow = (id: string, role: Role) => (role === "owner" ? Owners.join(id) : Owners.forget(id));

/**
 * Every public page rendered again from the content now stored, as the API's import does (its
 * handler's invalidate()): in a stage, the render queue's "all" and CloudFront's invalidation; with
 * local data, the pages under DATA_DIR rendered here, read through the same handlers on a loopback
 * port of this process (a runtime serving that directory, on a shared DYNAMODB_ENDPOINT, shows them at once).
 */
async function renderAgain(): Promise<string> {
  if (config.renderQueueUrl) {
    const { invalidate } = await import("@agency/functions/invalidate");
    await invalidate(["/api/*", "/*"]);
    return "Every page will be rendered again (sent to the render queue).";
  }
  const [{ createGateway }, { listen }, { startPageRenderer }] = await Promise.all([import("./gateway"), import("./net"), import("./pages")]);
  const server = createGateway();
  const extra = await listen(server, 0, undefined);
  try {
    const dataDir = resolve(repoRoot, process.env.DATA_DIR ?? ".data");
    const pages = await startPageRenderer({ dataDir, origin: config.publicUrl, apiUrl: `http://localhost:${(server.address() as AddressInfo).port}` });
    if (!pages) return "Pages are not rendered here (no web build): they are at the next npm start.";
    await pages.close();
    return `Every page is rendered again, for ${config.publicUrl}.`;
  } finally {
    for (const s of [server, ...extra]) s.close();
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** Reads a line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const stdin = process.stdin;
    process.stdout.write(prompt);
    let value = "";
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    const onData = (chars: string) => {
      for (const ch of chars) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          return resolvePromise(value);
        }
        if (ch === "\u0003") {
          stdin.setRawMode(false);
          process.stdout.write("\n");
          return reject(new Error("Cancelled"));
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

async function newPassword(fromStdin: boolean): Promise<string> {
  let password: string;
  if (fromStdin) password = await readStdin();
  else if (config.adminPassword) password = config.adminPassword;
  else if (process.stdin.isTTY) {
    password = await askHidden("New password (at least 12 characters): ");
    if ((await askHidden("Repeat it: ")) !== password) fail("The two passwords differ.");
  } else fail("No password: run on a terminal, set ADMIN_PASSWORD, or pass --password-stdin.");
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) fail(checked.error.issues[0]!.message);
  return checked.data;
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    "password-stdin": { type: "boolean", default: false },
    "full-name": { type: "string" },
    media: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
const [command, rawUsername] = positionals;
if (values.help || !command) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}
if (!["create", "set-password", "disable", "enable", "set-role", "recount", "export", "media-derive", "import"].includes(command))
  fail(`Unknown command "${command}".\n\n${usage}`);
let username = "";
const googleEmail = command === "set-role" && rawUsername?.includes("@") ? rawUsername.trim().toLowerCase() : undefined;
const role = command === "set-role" ? positionals[2] : undefined;
if (command === "set-role" && !roles.includes(role as Role)) fail(`set-role: the role is owner, admin or editor.\n\n${usage}`);
if (!["recount", "export", "media-derive", "import"].includes(command) && !googleEmail) {
  if (!rawUsername) fail(`${command}: which username?\n\n${usage}`);
  const parsed = usernameSchema.safeParse(rawUsername);
  if (!parsed.success) fail(parsed.error.issues[0]!.message);
  username = parsed.data;
}

const password = command === "create" || command === "set-password" ? await newPassword(values["password-stdin"]) : undefined;

let db: Awaited<ReturnType<typeof startDynalite>> | undefined;
if (!config.dynamoEndpoint) {
  const dataDir = resolve(repoRoot, process.env.DATA_DIR ?? ".data");
  // LevelDB allows one process per directory; dynalite reports a held lock by throwing later.
  const busy = (err: Error) => fail(`Cannot open the local data in ${dataDir} (${err.message}). Is npm start running? Stop it first, or set DYNAMODB_ENDPOINT.`);
  process.on("uncaughtException", busy);
  try {
    db = await startDynalite({ path: dataDir });
  } catch (err) {
    busy(err as Error);
  }
  process.env.DYNAMODB_ENDPOINT = db!.endpoint;
}
// The media bucket of the same local data (its files under DATA_DIR/s3), for what reads or writes files.
let s3: Awaited<ReturnType<typeof startLocalS3>> | undefined;
if (db && ["export", "import"].includes(command) && !config.s3Endpoint) {
  const dataDir = resolve(repoRoot, process.env.DATA_DIR ?? ".data");
  s3 = await startLocalS3({ dataDir, ephemeralPorts: true, origin: config.publicUrl, secret: () => localSecret(dataDir, "s3-secret") });
}
try {
  await ensureTable(config.tableName);
  switch (command) {
    case "create":
      await AdminAccounts.create({ username, password: password!, full_name: values["full-name"] });
      console.log(`Created admin account "${username}".`);
      break;
    case "set-password":
      await AdminAccounts.setPassword(username, password!);
      console.log(`Password of "${username}" changed; its sessions have ended.`);
      break;
    case "disable":
      await AdminAccounts.setDisabled(username, true);
      await Owners.forget(`account.${username}`);
      console.log(`Disabled "${username}"; its sessions have ended.`);
      break;
    case "enable":
      await AdminAccounts.setDisabled(username, false);
      await ownersFollow(`account.${username}`, accountRole((await AdminAccounts.get(username))!));
      console.log(`Enabled "${username}".`);
      break;
    case "set-role":
      if (googleEmail) {
        const user = await Users.byEmail(googleEmail);
        if (!user) fail(`No Google user "${googleEmail}": they appear once they have signed in with Google.`);
        if (!isAuthorisedEmail(user.email, user.google_user_data?.email_verified)) fail(`"${googleEmail}" is not named by ADMIN_EMAILS (or Google has not verified it).`);
        await db_()
          .user.patch({ id: user.id })
          .set({ admin_role: role as Role, admin_disabled: false })
          .go();
        await ownersFollow(`google.${user.id}`, role as Role);
        console.log(`"${googleEmail}" is now ${roleArticle(role as Role)} ${role}.`);
      } else {
        await AdminAccounts.setRole(username, role as Role);
        await ownersFollow(`account.${username}`, role as Role);
        console.log(`"${username}" is now ${roleArticle(role as Role)} ${role}.`);
      }
      break;
    case "export": {
      const { exportSite } = await import("@agency/core/site-export/export");
      const doc = await exportSite();
      const file = positionals[1];
      if (file) writeFileSync(resolve(file), JSON.stringify(doc, null, 2));
      else process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
      if (values.media) {
        const { readObject } = await import("@agency/core/media/storage");
        for (const m of doc.media) {
          const key = String(m.key);
          const object = await readObject(key);
          if (!object?.body) fail(`The file of image ${m.id} (${key}) is not in the media bucket.`);
          const target = join(resolve(values.media), key);
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, await object.body.transformToByteArray());
        }
      }
      if (file)
        console.log(
          `Exported ${doc.posts.length} posts, ${doc.page_sections.length} sections, ${doc.contact_submissions.length + doc.course_registrations.length} leads and ${doc.media.length} images to ${file}${values.media ? `, the media files to ${values.media}` : ""}.`,
        );
      break;
    }
    case "media-derive": {
      const { deriveMissing } = await import("@agency/functions/media-derive/derive");
      const done = await deriveMissing();
      for (const f of done.failed) console.error(`Image ${f.id} (${f.filename}): its original could not be read as an image.`);
      console.log(`Made the sizes of ${done.ready} images; ${done.skipped} had theirs already${done.failed.length ? `; ${done.failed.length} failed` : ""}.`);
      if (done.failed.length) process.exitCode = 1;
      break;
    }
    case "import": {
      const file = positionals[1];
      if (!file) fail(`import: which file?\n\n${usage}`);
      const [{ importedSummary, siteExport, siteExportMessages, SITE_EXPORT_FORMAT, SITE_EXPORT_VERSION }, { exportSite }, { checkSiteImport, importSite, keepBeforeImport }] =
        await Promise.all([import("@agency/core/contract/site-export"), import("@agency/core/site-export/export"), import("@agency/core/site-export/import")]);
      let raw: { format?: unknown; version?: unknown };
      try {
        raw = JSON.parse(readFileSync(resolve(file), "utf8"));
      } catch (err) {
        fail((err as NodeJS.ErrnoException).code ? `Cannot read ${file}: ${(err as Error).message}` : `${file}: ${siteExportMessages.json}`);
      }
      if (raw?.format !== SITE_EXPORT_FORMAT) fail(`${file}: ${siteExportMessages.format}`);
      if (typeof raw.version === "number" && raw.version > SITE_EXPORT_VERSION) fail(`${file}: ${siteExportMessages.version}`);
      const parsed = siteExport.safeParse(raw);
      if (!parsed.success) fail(`${file} is not a complete export:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`);
      const doc = parsed.data;
      try {
        checkSiteImport(doc);
      } catch (err) {
        const fields = (err as { extra?: { fields?: Record<string, string> } }).extra?.fields ?? {};
        fail(
          `${(err as Error).message}\n${Object.entries(fields)
            .map(([k, v]) => `  ${k}: ${v}`)
            .join("\n")}`,
        );
      }
      if (values.media) {
        const { writeObject } = await import("@agency/core/media/storage");
        for (const m of doc.media) {
          const key = String(m.key);
          const bytes = (() => {
            try {
              return readFileSync(join(resolve(values.media!), key));
            } catch {
              return fail(`The file of image ${m.id} (${key}) is not under ${values.media}.`);
            }
          })();
          await writeObject(key, bytes, String(m.content_type));
        }
      }
      const current = await exportSite();
      const kept = await keepBeforeImport(current, { type: "system", id: "admin-cli", name: "npm run admin" });
      const counts = await importSite(doc, current);
      console.log(`Imported ${importedSummary(counts)}${values.media ? `, with the media files from ${values.media}` : ""}.`);
      console.log(`What it replaced is in the Trash until ${kept.expires_at} (Site before an import).`);
      console.log(await renderAgain());
      break;
    }
    case "recount": {
      const started = Date.now();
      const result = await recount();
      console.log(`Recounted ${result.counters} counters in ${Date.now() - started} ms; search text written for ${result.backfilled} older records.`);
      break;
    }
  }
} catch (err) {
  process.exitCode = 1;
  console.error((err as Error).message);
} finally {
  await s3?.close();
  await db?.close();
}
