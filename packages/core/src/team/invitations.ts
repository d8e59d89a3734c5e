import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import * as z from "../contract/zod";
import { AdminAccounts } from "../auth/admin-accounts";
import type { InvitationEntity } from "../auth/entities";
import { hashToken } from "../auth/sessions";
import { config } from "../config";
import { newPasswordSchema } from "../contract/auth";
import { INVITATION_DAYS, invitationMessages, type InvitationView, type PendingLink, acceptInvitationInput } from "../contract/team";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { ConflictError, HttpError, NotFoundError } from "../errors";
import type { Role } from "../contract/roles";
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
  const { data } = await db()
    .invitation.get({ token_hash: hashToken(token) })
    .go();
  if (!data) throw new NotFoundError(invitationMessages.notFound);
  if (data.used_at) throw new HttpError(410, invitationMessages.used, { code: "used" });
  if (Date.parse(data.expires_at) <= now) throw new HttpError(410, invitationMessages.expired, { code: "expired" });
  return data;
}

/**
 * A link's token, made from its id under a key derived from PREVIEW_LINK_SECRET (the site's
 * link-signing secret) with a label no other signer uses: only its hash is stored, and an owner can
 * still be shown the link again. Without the secret (never deployed so), a random token that cannot.
 */
function tokenFor(id: string): string {
  const secret = config.previewLinkSecret;
  if (!secret) return randomBytes(32).toString("base64url");
  const key = createHmac("sha256", secret).update("team-links").digest();
  return createHmac("sha256", key).update(id).digest("base64url");
}

const linkView = (i: Invitation): PendingLink => ({
  id: i.id,
  kind: i.kind,
  username: i.username ?? null,
  email: i.email ?? null,
  role: i.role ?? null,
  created_by: i.created_by,
  created_at: i.created_at,
  expires_at: i.expires_at,
});

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
    input: { kind: "invite"; role: Role; username?: string; email?: string } | { kind: "reset"; username: string; account_created_at: string },
    createdBy: string,
    now = Date.now(),
  ): Promise<{ token: string; invitation: Invitation }> {
    if (input.kind === "invite" && input.username && !(await usernameFree(input.username, now))) {
      throw fieldError("username", invitationMessages.usernameTaken);
    }
    const id = randomUUID();
    const token = tokenFor(id);
    const expires = now + INVITATION_DAYS * DAY_MS;
    const { data } = await db()
      .invitation.create({
        token_hash: hashToken(token),
        id,
        kind: input.kind,
        ...(input.kind === "invite"
          ? {
              role: input.role,
              ...(input.username ? { username: input.username } : {}),
              ...(input.email ? { email: input.email } : {}),
            }
          : { username: input.username, account_created_at: input.account_created_at }),
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
      // Only the very account the link was made for: one removed since (and perhaps made again
      // under the same username) is another account, and the link is spent on it without effect.
      if (!i.account_created_at || !(await AdminAccounts.setPassword(username, password, { createdAt: i.account_created_at }))) {
        throw new HttpError(410, invitationMessages.accountGone, { code: "account_gone" });
      }
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

  /** The pending links (invitations and password resets), newest first, as an owner's list shows them. */
  async links(now = Date.now()): Promise<PendingLink[]> {
    return (await Invitations.pending(now)).sort((a, b) => b.created_at.localeCompare(a.created_at)).map(linkView);
  },

  /**
   * A pending link's address again (the token is made again from the link's id; only its hash is
   * stored). A link made before tokens were made so cannot be shown: 409, withdraw it and make another.
   */
  async token(id: string, now = Date.now()): Promise<{ token: string; link: PendingLink }> {
    const found = (await Invitations.pending(now)).find((i) => i.id === id);
    if (!found) throw new NotFoundError(invitationMessages.linkNotFound);
    const token = tokenFor(found.id);
    if (hashToken(token) !== found.token_hash) throw new ConflictError(invitationMessages.cannotShowAgain);
    return { token, link: linkView(found) };
  },

  /** Withdraws the pending reset links of a username (its account was removed: they could reset nothing). */
  async withdrawResets(username: string, now = Date.now()): Promise<void> {
    const resets = (await Invitations.pending(now)).filter((i) => i.kind === "reset" && i.username === username);
    await Promise.all(resets.map((i) => db().invitation.delete({ token_hash: i.token_hash }).go()));
  },

  /** Withdraws a pending link (by the id the team screen shows); `kind` limits it to invitations or resets. */
  async revoke(id: string, now = Date.now(), kind?: Invitation["kind"]): Promise<Invitation> {
    const found = (await Invitations.pending(now)).find((i) => i.id === id && (!kind || i.kind === kind));
    if (!found) throw new NotFoundError(kind === "invite" ? "Invitation not found" : invitationMessages.linkNotFound);
    await db().invitation.delete({ token_hash: found.token_hash }).go();
    return found;
  },
};
