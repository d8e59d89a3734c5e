import { buildWebIfNeeded } from "./build-web";
import { startBanner, startLocal } from "./runtime";

// `npm start`: the whole product locally. Development Login is on unless DEV_LOGIN=0.
// `npm start -- --verbose` also shows the web build's output and the runtime's details.
process.env.DEV_LOGIN ??= "1";
const verbose = process.argv.slice(2).includes("--verbose");
const port = Number(process.env.PORT ?? 3000);
if (!process.env.PUBLIC_URL) process.env.PUBLIC_URL = `http://localhost:${port}`;

if (process.env.SKIP_WEB_BUILD !== "1") buildWebIfNeeded({ verbose });
const app = await startLocal({ port });
console.log(startBanner(app, { verbose }));

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    process.exit(0);
  });
}
