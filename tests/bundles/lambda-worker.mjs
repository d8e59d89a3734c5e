// One function's deployed code as Lambda's Node.js runtime runs it (tests/bundles/bundles.test.ts):
// the handler module is imported on the first event, then each event the parent sends over IPC is
// answered one at a time with the handler's result, or its error. An unhandled rejection or an
// uncaught exception, which would end a Lambda runtime's process, is reported and ends this one too.
import { pathToFileURL } from "node:url";

const [entry] = process.argv.slice(2);
let loaded;
let n = 0;
const fatal = (kind) => (err) => {
  process.send?.({ fatal: `${kind}: ${err?.stack ?? err}` }, () => process.exit(1));
};
process.on("unhandledRejection", fatal("unhandled rejection"));
process.on("uncaughtException", fatal("uncaught exception"));
process.on("message", async ({ id, event }) => {
  try {
    loaded ??= import(pathToFileURL(entry).href);
    const { handler } = await loaded;
    const context = {
      awsRequestId: event?.requestContext?.requestId ?? `event-${++n}`,
      functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
      getRemainingTimeInMillis: () => 10_000,
    };
    process.send({ id, result: (await handler(event, context)) ?? null });
  } catch (err) {
    process.send({ id, error: String(err?.stack ?? err) });
  }
});
process.send({ ready: true });
