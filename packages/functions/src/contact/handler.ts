import { Messages } from "@agency/core/messages/messages";
import { contactInput } from "@agency/core/contract/contact";
import { PUBLIC_WRITE_LIMIT, rateLimit } from "@agency/core/rate-limit/rate-limit";
import { http, reply } from "../http";

export const handler = http({
  "POST /api/contact": async (req) => {
    await rateLimit("contact", req.ip, PUBLIC_WRITE_LIMIT.count, PUBLIC_WRITE_LIMIT.windowSeconds);
    const { website, ...input } = req.body(contactInput);
    // A filled honeypot gets the same answer as a person, and nothing is stored.
    if (!website) await Messages.create(input);
    return reply.json({ success: true }, 201);
  },
});
