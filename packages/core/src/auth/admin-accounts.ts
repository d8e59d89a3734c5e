import type { EntityItem } from "electrodb";
import { config } from "../config";
import { authMessages, newPasswordSchema, usernameSchema } from "../contract/auth";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { ConflictError, HttpError, NotFoundError } from "../errors";
import { rateLimit } from "../rate-limit/rate-limit";
import type { AdminAccountEntity } from "./entities";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import { Sessions, subjectOf } from "./sessions";

export type AdminAccount = EntityItem<typeof AdminAccountEntity>;

/**
 * Username sign-in attempts allowed per window, counted per source address and per username
 * (successful ones too: a person signs in a few times a day, a guesser thousands of times).
 */
export const LOGIN_THROTTLE = {
  perIp: { limit: 20, windowSeconds: 15 * 60 },
  perUsername: { limit: 10, windowSeconds: 15 * 60 },
};

/** The one answer to a wrong password and to an unknown or disabled account. */
export class InvalidCredentialsError extends HttpError {
  constructor() {
    super(401, authMessages.invalidCredentials);
  }
}

const normalise = (username: string) => usernameSchema.parse(username);

export const AdminAccounts = {
  async get(username: string): Promise<AdminAccount | undefined> {
    const parsed = usernameSchema.safeParse(username);
    if (!parsed.success) return undefined;
    const { data } = await db().adminAccount.get({ username: parsed.data }).go();
    return data ?? undefined;
  },

  async create(input: { username: string; password: string; full_name?: string }): Promise<AdminAccount> {
    const username = normalise(input.username);
    const password_hash = await hashPassword(newPasswordSchema.parse(input.password));
    try {
      const { data } = await db()
        .adminAccount.create({ username, password_hash, full_name: input.full_name?.trim() ?? "", disabled: false })
        .go();
      return data;
    } catch (err) {
      if (isConditionalFailure(err)) throw new ConflictError(`Admin account "${username}" already exists`);
      throw err;
    }
  },

  /** A new password also ends every session of the account. */
  async setPassword(username: string, password: string): Promise<void> {
    const name = normalise(username);
    const password_hash = await hashPassword(newPasswordSchema.parse(password));
    try {
      await db().adminAccount.patch({ username: name }).set({ password_hash }).go();
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError(`No admin account "${name}"`);
      throw err;
    }
    await Sessions.endAllFor(subjectOf.admin(name));
  },

  /** Disabling refuses new sign-ins and ends the sessions the account has. */
  async setDisabled(username: string, disabled: boolean): Promise<void> {
    const name = normalise(username);
    try {
      await db().adminAccount.patch({ username: name }).set({ disabled }).go();
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError(`No admin account "${name}"`);
      throw err;
    }
    if (disabled) await Sessions.endAllFor(subjectOf.admin(name));
  },

  /**
   * Checks a username sign-in. Throttled per source address and per username (429 with
   * Retry-After); an unknown username, a disabled account and a wrong password all get the same
   * 401, after the same amount of hashing work.
   */
  async authenticate(usernameInput: string, password: string, ip: string, now = Date.now()): Promise<AdminAccount> {
    const key = usernameInput.trim().toLowerCase().slice(0, 100);
    await rateLimit("admin-login-ip", ip, LOGIN_THROTTLE.perIp.limit, LOGIN_THROTTLE.perIp.windowSeconds, now);
    await rateLimit("admin-login-user", key, LOGIN_THROTTLE.perUsername.limit, LOGIN_THROTTLE.perUsername.windowSeconds, now);
    const account = await AdminAccounts.get(key);
    const ok = account ? await verifyPassword(password, account.password_hash) : await burnPasswordCheck(password);
    if (!account || !ok || account.disabled) throw new InvalidCredentialsError();
    return account;
  },
};

/**
 * Creates or updates the ADMIN_USERNAME account from ADMIN_PASSWORD (local start and every deploy).
 * Nothing is created unless both are configured. An existing account keeps its sessions when the
 * password is unchanged, and stays disabled if it was disabled from the shell.
 */
export async function bootstrapAdmin(): Promise<"created" | "updated" | "unchanged" | "not-configured"> {
  const username = config.adminUsername;
  const password = config.adminPassword;
  if (!username && !password) return "not-configured";
  if (!username || !password) {
    throw new Error("ADMIN_USERNAME and ADMIN_PASSWORD must be set together to create the bootstrap admin account.");
  }
  const name = usernameSchema.safeParse(username);
  if (!name.success) throw new Error(`ADMIN_USERNAME "${username}" is not a valid username: ${name.error.issues[0]?.message}`);
  const pw = newPasswordSchema.safeParse(password);
  if (!pw.success) throw new Error(`ADMIN_PASSWORD is not acceptable: ${pw.error.issues[0]?.message}.`);

  const existing = await AdminAccounts.get(name.data);
  if (!existing) {
    try {
      await AdminAccounts.create({ username: name.data, password: pw.data });
      return "created";
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err; // created concurrently: fall through to update
    }
  } else if (await verifyPassword(pw.data, existing.password_hash)) {
    return "unchanged";
  }
  await AdminAccounts.setPassword(name.data, pw.data);
  return "updated";
}
