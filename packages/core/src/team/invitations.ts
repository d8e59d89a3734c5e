import { randomBytes, randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import * as z from "../contract/zod";
import { AdminAccounts } from "../auth/admin-accounts";
import type { InvitationEntity } from "../auth/entities";
import { hashToken } from "../auth/sessions";
import { newPasswordSchema } from "../contract/auth";
import { INVITATION_DAYS, invitationMessages, type InvitationView, acceptInvitationInput } from "../contract/team";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { ConflictError, HttpError, NotFoundError } from "../errors";
import type { Role } from "../routes";
import { Owners } from "./owners";

export type Invitation = EntityItem<typeof InvitationEntity>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Used and expired links stay this long after their end, so they are refused as used or expired rather than unknown. */
const KEEP_AFTER_EXPIRY_MS = 30 * DAY_MS;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A 400 naming the field at fault, as the http wrapper answers a failed validation. */
const fieldError = (field: string, message: string) => new HttpError(400, "Validation failed", { fields: { [field]: message } });

/** The stored link a token opens, or a 404; a used or expired one is a 410 with the page's text. */
async function live(token: string, now: number): Promise<Invitation> {
  if (!TOKEN_PATTERN.test(token)) throw new NotFoundError(invitationMessages.notFound);
  const { data } = await db().invitation.get({ token_hash: hashToken(token) }).go();
  if (!data) throw new NotFoundError(invitationMessages.notFound);
  if (data.used_at) throw new HttpError(410, invitationMessages.used, { code: "used" });
  if (Date.parse(data.expires_at) <= now) throw new HttpError(410, invitationMessages.expired, { code: "expired" });
  return data;
}

async function usernameFree(username: string, now: number): Promise<boolean> {
  if (await AdminAccounts.get(username)) return false;
  const pending = await Invitations.pending(now);
  return !pending.some((i) => i.kind === "invite" && i.username === username);
}

export const Invitations = {
  /**
   * A new link: an invitation (role, and the username / email the owner chose) or a password reset
   * of an existing account. Answers the token, which is stored only as its hash.
   */
  async create(
    input: { kind: "invite"; role: Role; username?: string; email?: string } | { kind: "reset"; username: string },
    createdBy: string,
    now = Date.now(),
  ): Promise<{ token: string; invitation: Invitation }> {
    if (input.kind === "invite" && input.username && !(await usernameFree(input.username, now))) {
      throw fieldError("username", invitationMessages.usernameTaken);
    }
    const token = randomBytes(32).toString("base64url");
    const expires = now + INVITATION_DAYS * DAY_MS;
    const { data } = await db()
      .invitation.create({
        token_hash: hashToken(token),
        id: randomUUID(),
        kind: input.kind,
        ...(input.kind === "invite"
          ? {
              role: input.role,
              ...(input.username ? { username: input.username } : {}),
              ...(input.email ? { email: input.email } : {}),
            }
          : { username: input.username }),
        created_by: createdBy,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(expires).toISOString(),
        ttl: Math.ceil((expires + KEEP_AFTER_EXPIRY_MS) / 1000),
      })
      .go();
    return { token, invitation: data };
  },

  /** What the link's page shows. */
  async view(token: string, now = Date.now()): Promise<InvitationView> {
    const i = await live(token, now);
    return { kind: i.kind, username: i.username ?? null, email: i.email ?? null, role: i.role ?? null, expires_at: i.expires_at };
  },

  /**
   * Accepts a link once: an invitation creates the account with its role, a reset sets the account's
   * password (which ends its sessions). The link is claimed with a conditional write (not used, not
   * expired), so two acceptances of one link cannot both succeed; a claim whose account cannot be
   * made (the username was taken meanwhile) is released, so the invitee can choose another.
   */
  async accept(token: string, input: z.output<typeof acceptInvitationInput>, now = Date.now()): Promise<{ kind: "invite" | "reset"; username: string }> {
    const i = await live(token, now);
    const username = i.username ?? input.username;
    if (!username) throw fieldError("username", invitationMessages.usernameRequired);
    const password = z.object({ password: newPasswordSchema }).parse({ password: input.password }).password;
    if (i.kind === "invite" && (await AdminAccounts.get(username))) throw fieldError("username", invitationMessages.usernameTaken);
    // A name the owner reserved for someone else's pending invitation is theirs: 409 naming it.
    if (i.kind === "invite" && !i.username && (await Invitations.pending(now)).some((p) => p.kind === "invite" && p.username === username && p.id !== i.id)) {
      throw new ConflictError(invitationMessages.usernameTaken, { username: invitationMessages.usernameTaken });
    }

    const at = new Date(now).toISOString();
    try {
      await db()
        .invitation.patch({ token_hash: i.token_hash })
        .set({ used_at: at })
        .where((a, { notExists, gt }) => `${notExists(a.used_at)} AND ${gt(a.expires_at, at)}`)
        .go({ response: "none" });
    } catch (err) {
      if (isConditionalFailure(err)) throw new HttpError(410, invitationMessages.used, { code: "used" });
      throw err;
    }
    if (i.kind === "reset") {
      await AdminAccounts.setPassword(username, password);
      return { kind: "reset", username };
    }
    try {
      await AdminAccounts.create({ username, password, role: i.role ?? "editor", ...(i.email ? { email: i.email } : {}) });
    } catch (err) {
      await db().invitation.patch({ token_hash: i.token_hash }).remove(["used_at"]).go({ response: "none" });
      if (err instanceof ConflictError) throw fieldError("username", invitationMessages.usernameTaken);
      throw err;
    }
    if (i.role === "owner") await Owners.join(`account.${username}`);
    return { kind: "invite", username };
  },

  /** Links not used and not expired: the team screen lists the invitations among them. */
  async pending(now = Date.now()): Promise<Invitation[]> {
    const { data } = await db().invitation.query.all({}).go({ pages: "all" });
    return data.filter((i) => !i.used_at && Date.parse(i.expires_at) > now);
  },

  /** Withdraws a pending invitation (by the id the team screen shows). */
  async revoke(id: string, now = Date.now()): Promise<Invitation> {
    const found = (await Invitations.pending(now)).find((i) => i.id === id && i.kind === "invite");
    if (!found) throw new NotFoundError("Invitation not found");
    await db().invitation.delete({ token_hash: found.token_hash }).go();
    return found;
  },
};
