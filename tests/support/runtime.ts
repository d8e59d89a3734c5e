import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

export interface RunningRuntime {
  url: string;
  port: number;
  dataDir: string;
  /** The runtime's local mail catcher: its inbox and REST API (`${mailUrl}/api/email`). */
  mailUrl: string;
  /** The runtime's local S3 (s3rver), where uploads are posted: `${s3Url}/{bucket}`. */
  s3Url: string;
  /** Everything the process printed so far, stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the local runtime exactly as `npm start` does (a separate Node process, its own data
 * directory), and waits until it answers.
 */
export async function startRuntime(options: RuntimeOptions = {}): Promise<RunningRuntime> {
  // A port found free can be taken by another process on this shared machine before the runtime
  // binds it (seconds later, once its code has loaded): then start again on fresh ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (err) {
      if (attempt === 3 || !/EADDRINUSE/.test((err as Error).message)) throw err;
    }
  }
}

type RuntimeOptions = { dataDir?: string; port?: number; env?: Record<string, string>; web?: boolean; args?: string[] };

async function startOnce(options: RuntimeOptions): Promise<RunningRuntime> {
  const port = options.port ?? (await freePort());
  const smtpPort = options.env?.SMTP_PORT ?? String(await freePort());
  const mailUiPort = options.env?.MAIL_UI_PORT ?? String(await freePort());
  const s3Port = options.env?.S3_PORT ?? String(await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "agency-data-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "packages/local/src/start.ts", ...(options.args ?? [])], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      TABLE_NAME: "agency-local",
      DYNAMODB_ENDPOINT: "",
      PUBLIC_URL: `http://localhost:${port}`,
      SKIP_WEB_BUILD: options.web ? "0" : "1",
      SMTP_PORT: smtpPort,
      MAIL_UI_PORT: mailUiPort,
      S3_PORT: s3Port,
      S3_ENDPOINT: "",
      // Each step of the start in the output, which a start that does not finish in time shows.
      LOCAL_START_TRACE: "1",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  // What the last try got: an HTTP status, or why it had none (not listening yet: ECONNREFUSED).
  let lastAnswer = "no try yet";
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The runtime exited (${child.exitCode}):\n${output}`);
    try {
      const r = await fetch(`${url}/api/services`, { signal: AbortSignal.timeout(10_000) });
      lastAnswer = `HTTP ${r.status}: ${(await r.text()).slice(0, 200)}`;
      if (r.ok) break;
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      lastAnswer = e.cause?.code ?? e.name;
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The runtime did not start in time (the last try of ${url}/api/services: ${lastAnswer}):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    mailUrl: `http://localhost:${mailUiPort}`,
    s3Url: `http://localhost:${s3Port}`,
    output: () => output,
    stop: () =>
      new Promise<void>((res) => {
        // Ended already, by exiting or by a signal (then exitCode stays null): a second stop returns at once.
        if (child.exitCode !== null || child.signalCode !== null) return res();
        child.once("exit", () => res());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
      }),
  };
}

const adminCli = (runtime: Pick<RunningRuntime, "dataDir">, args: string[], env: Record<string, string>) =>
  [
    process.execPath,
    ["--import", "tsx", "packages/local/src/admin-cli.ts", ...args],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: runtime.dataDir, DYNAMODB_ENDPOINT: "", TABLE_NAME: "agency-local", ADMIN_PASSWORD: "", ...env } },
  ] as const;

/** `npm run admin -- <args>` on a runtime's data (`input`: what is typed, e.g. for --password-stdin). */
export function runAdminCli(runtime: Pick<RunningRuntime, "dataDir">, args: string[], input?: string) {
  const [node, argv, options] = adminCli(runtime, args, {});
  const res = spawnSync(node, argv, { ...options, input, encoding: "utf8" });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

/**
 * The same, without blocking this process: for a CLI that talks to something this process serves
 * (a dynalite started by the test, `env` naming it as DYNAMODB_ENDPOINT).
 */
export function adminCliAsync(runtime: Pick<RunningRuntime, "dataDir">, args: string[], env: Record<string, string>) {
  const [node, argv, options] = adminCli(runtime, args, env);
  const child = spawn(node, argv, options);
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise<{ status: number | null; output: string }>((res) => child.once("close", (status) => res({ status, output })));
}
