import { buildWebIfNeeded } from "./build-web";
import { signInHelp, startLocal } from "./runtime";

// `npm start`: the whole product locally. Development Login is on unless DEV_LOGIN=0.
process.env.DEV_LOGIN ??= "1";
const port = Number(process.env.PORT ?? 3000);
if (!process.env.PUBLIC_URL) process.env.PUBLIC_URL = `http://localhost:${port}`;

if (process.env.SKIP_WEB_BUILD !== "1") buildWebIfNeeded();
const app = await startLocal({ port });

console.log(`
  Site and API:  ${app.url}
  Database:      ${app.dataDir ? `embedded DynamoDB (dynalite), data in ${app.dataDir}` : process.env.DYNAMODB_ENDPOINT} (table ${process.env.TABLE_NAME ?? "agency-local"}: ${app.table}, seed: ${app.seeded})
  Stop:          press Ctrl+C
`);
console.log(signInHelp(app));

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    process.exit(0);
  });
}
