import { registrationInput } from "@agency/core/contract/registrations";
import { PUBLIC_WRITE_LIMIT, rateLimit } from "@agency/core/rate-limit/rate-limit";
import { Registrations } from "@agency/core/registrations/registrations";
import { http, reply } from "../http";

export const handler = http({
  "POST /api/course-registrations": async (req) => {
    await rateLimit("registration", req.ip, PUBLIC_WRITE_LIMIT.count, PUBLIC_WRITE_LIMIT.windowSeconds);
    const { website, ...input } = req.body(registrationInput);
    // A filled honeypot gets the same answer as a person, and nothing is stored.
    if (!website) await Registrations.create(input);
    return reply.json({ success: true }, 201);
  },
});
