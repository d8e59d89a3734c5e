import { startBanner, startLocal } from "./runtime";

// The API half of `npm run dev` (run under `tsx watch`, so handler changes restart it).
process.env.DEV_LOGIN ??= "1";
const app = await startLocal({ port: Number(process.env.API_PORT ?? 3001), web: false });
console.log(`API on ${app.url}`);
console.log(startBanner(app));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
