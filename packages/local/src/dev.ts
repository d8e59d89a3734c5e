import { spawn } from "node:child_process";
import { repoRoot } from "./paths";

// `npm run dev`: Vite with hot reload for web/, proxying the API to handlers that restart on change.
const port = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? port + 1);
const env = { ...process.env, API_PORT: String(apiPort), PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` };

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "packages/local/src/api-server.ts"], { cwd: repoRoot, env, stdio: "inherit" }),
  spawn("npx", ["vite", "--port", String(port), "--strictPort"], { cwd: `${repoRoot}/web`, env, stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => code && stop());
