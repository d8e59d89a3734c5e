import { Sessions } from "@agency/core/auth/sessions";
import type { Request } from "../request";
import { sessionCookie } from "./cookies";
import { sessionToken } from "./guard";

type SessionInput = Omit<Parameters<typeof Sessions.start>[0], "ip" | "user_agent">;

/**
 * A fresh session (fresh token) for every sign-in; the browser's previous one ends. The session
 * keeps the address and browser it was started from, for the sessions list.
 */
export async function signIn(req: Request, input: SessionInput): Promise<string> {
  await Sessions.end(sessionToken(req));
  const { token, maxAgeSeconds } = await Sessions.start({ ...input, ip: req.ip, user_agent: req.headers["user-agent"] ?? "" });
  return sessionCookie(token, maxAgeSeconds);
}
