import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One caught mail, as the REST API answers it. */
export interface CaughtMail {
  id: string;
  date: string;
  subject: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  replyTo: { address: string; name: string }[];
  /** Header names lowercased; a repeated header is its first value. */
  headers: Record<string, string>;
  text: string;
}

export interface MailCatcher {
  smtpPort: number;
  webPort: number;
  close(): Promise<void>;
}

/**
 * The local mail catcher: an SMTP server (nodemailer's smtp-server) that keeps every mail it is
 * sent, as .eml files under `directory` (so they survive a restart), and a small web inbox with a
 * REST API on loopback: `GET /api/email` (every mail, oldest first), `GET /api/email/{id}`,
 * `GET /api/email/{id}/source` (the raw message), `DELETE /api/email/{id}` and
 * `DELETE /api/email/all`. It replaces MailDev, whose version 3 needs Node 22 and whose version 2
 * is a process-wide singleton that exits the process on SIGINT.
 */
export async function startMailCatcher(options: { smtpPort: number; webPort: number; directory: string; host?: string }): Promise<MailCatcher> {
  const host = options.host ?? "127.0.0.1";
  await mkdir(options.directory, { recursive: true });
  const mails: CaughtMail[] = [];
  const sources = new Map<string, string>();

  const keep = async (id: string, raw: string) => {
    mails.push(await parse(id, raw));
    sources.set(id, raw);
  };
  const files = (await readdir(options.directory)).filter((f) => /^[\w-]+\.eml$/.test(f)).sort();
  for (const file of files) await keep(file.slice(0, -4), await readFile(join(options.directory, file), "utf8"));

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        // Sortable by arrival: the time first, then a random part.
        const id = `${Date.now().toString(36).padStart(9, "0")}-${randomUUID().slice(0, 8)}`;
        writeFile(join(options.directory, `${id}.eml`), raw)
          .then(() => keep(id, raw))
          .then(() => callback(), callback);
      });
    },
  });

  const web = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, {
        "Content-Type": `${type}; charset=utf-8`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      });
      res.end(body);
    };
    const json = (status: number, value: unknown) => send(status, "application/json", JSON.stringify(value));
    const match = /^\/api\/email(?:\/([\w-]+))?(\/source)?$/.exec(url.pathname);
    if (url.pathname === "/" && req.method === "GET") return send(200, "text/html", inboxPage(mails));
    if (!match) return json(404, { error: "Not found" });
    const [, id, source] = match;
    if (req.method === "GET" && !id) return json(200, mails);
    if (req.method === "DELETE" && id === "all") {
      const ids = mails.splice(0).map((m) => m.id);
      sources.clear();
      return void Promise.all(ids.map((i) => rm(join(options.directory, `${i}.eml`), { force: true }))).then(() => json(200, { deleted: ids.length }));
    }
    const index = id ? mails.findIndex((m) => m.id === id) : -1;
    if (index < 0) return json(404, { error: "No such mail" });
    if (req.method === "GET" && source) return send(200, "text/plain", sources.get(id!) ?? "");
    if (req.method === "GET") return json(200, mails[index]);
    if (req.method === "DELETE" && !source) {
      mails.splice(index, 1);
      sources.delete(id!);
      return void rm(join(options.directory, `${id}.eml`), { force: true }).then(() => json(200, { deleted: 1 }));
    }
    return json(405, { error: "Method not allowed" });
  });

  await listen(smtp.server, options.smtpPort, host);
  try {
    await listen(web, options.webPort, host);
  } catch (err) {
    await new Promise<void>((r) => smtp.close(() => r()));
    throw err;
  }
  return {
    smtpPort: options.smtpPort,
    webPort: options.webPort,
    close: async () => {
      web.closeAllConnections();
      await Promise.all([new Promise<void>((r) => smtp.close(() => r())), new Promise<void>((r) => web.close(() => r()))]);
    },
  };
}

function listen(server: Server | import("node:net").Server, port: number, host: string) {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

async function parse(id: string, raw: string): Promise<CaughtMail> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipImageLinks: true, skipTextLinks: true });
  const addresses = (a: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value).map((v) => ({ address: v.address ?? "", name: v.name }));
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) {
    if (!Object.hasOwn(headers, line.key)) headers[line.key] = line.line.slice(line.line.indexOf(":") + 1).trim();
  }
  return {
    id,
    date: (parsed.date ?? new Date()).toISOString(),
    subject: parsed.subject ?? "",
    from: addresses(parsed.from),
    to: addresses(parsed.to),
    replyTo: addresses(parsed.replyTo),
    headers,
    text: parsed.text ?? "",
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The web inbox: newest first, each mail's plain text in full. Mail text is only ever shown as text. */
function inboxPage(mails: CaughtMail[]) {
  const items = [...mails]
    .reverse()
    .map((m) => {
      const who = (list: CaughtMail["to"]) => escapeHtml(list.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(", "));
      return `<details><summary><strong>${escapeHtml(m.subject || "(no subject)")}</strong> · to ${who(m.to)} · ${escapeHtml(m.date)}</summary>
<p>From: ${who(m.from)}${m.replyTo.length ? ` · Reply-To: ${who(m.replyTo)}` : ""} · <a href="/api/email/${m.id}/source">source</a></p>
<pre>${escapeHtml(m.text)}</pre></details>`;
    })
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mail (${mails.length})</title>
<style>body{font:15px system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}details{border-bottom:1px solid #ddd;padding:.6rem 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Local mail</h1><p>${mails.length === 1 ? "1 mail" : `${mails.length} mails`} caught by <code>npm start</code>; nothing here leaves this machine. Reload to see new mail.</p>
${items || "<p>No mail yet.</p>"}</body></html>`;
}
