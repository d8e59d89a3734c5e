/**
 * The stack alone, for `npm run bench:lambda`'s reference rows: what a function of this product costs
 * with none of its own code: the SDK's clients as db/client.ts configures them, ElectroDB entities
 * as db/entity.ts builds them (in Lambda: on first use, without the model check), zod/mini parsing
 * the request, and the reads of a first request, bundled like the functions. `event.reads`:
 * - "one": one GetItem through one entity (content's first request is one Query);
 * - "overview": the Overview's six calls through six entities: a BatchGet of three records (an
 *   admin request's session, account and security settings), then at once a BatchGet of ten (the
 *   counters) and four Queries of five (the newest messages, registrations, posts, schedules).
 * The gap between a handler and these rows is the product's own code; between these rows and the
 * baseline, the stack's.
 */
import { dynamo } from "../packages/core/src/db/client";
import { Entity } from "../packages/core/src/db/entity";
import * as z from "../packages/core/src/contract/zod";

const table = process.env.TABLE_NAME;
const entity = (name: string) =>
  new Entity(
    {
      model: { entity: name, version: "1", service: "floor" },
      attributes: {
        id: { type: "string", required: true },
        bucket: { type: "string", default: "2026" },
        created_at: { type: "string", default: () => new Date().toISOString() },
        name: { type: "string" },
        email: { type: "string" },
        count: { type: "number" },
        status: { type: ["new", "done"] as const },
      },
      indexes: {
        primary: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
        byYear: { index: "gsi1", pk: { field: "gsi1pk", composite: ["bucket"] }, sk: { field: "gsi1sk", composite: ["created_at"] } },
      },
    },
    { table },
  );
const [session, counter, message, registration, post, schedule] = ["session", "counter", "message", "registration", "post", "schedule"].map(entity);
const request = z.object({ reads: z.enum(["one", "overview"]), id: z.string().check(z.minLength(1), z.maxLength(100)) });

export const handler = async (event: unknown) => {
  const { reads, id } = request.parse(event);
  const client = dynamo().client;
  const bound = <E extends { setClient(c: unknown): void }>(e: E) => (e.setClient(client), e);
  if (reads === "one") {
    const { data } = await bound(session!).get({ id }).go();
    return { statusCode: 200, body: JSON.stringify(data) };
  }
  const keys = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `${id}-${i}` }));
  await bound(session!).get(keys(3)).go();
  const newest = (e: typeof message) => bound(e!).query.byYear({ bucket: "2026" }).go({ limit: 5, order: "desc" });
  const answers = await Promise.all([bound(counter!).get(keys(10)).go(), newest(message), newest(registration), newest(post), newest(schedule)]);
  return { statusCode: 200, body: JSON.stringify(answers.map((a) => a.data)) };
};
