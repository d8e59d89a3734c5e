import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with scrypt. N = 2^17, r = 8, p = 1 (OWASP's minimum for scrypt) needs 128 MiB,
 * above Node's 32 MiB default `maxmem`, so it is raised. The parameters travel with the hash, so
 * they can be raised later and old hashes still verify.
 *
 * Format: `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`
 */
const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) => scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, LOG_N, R, P);
  return ["scrypt", LOG_N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Constant-time comparison of the derived key; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 22) return false;
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, logN, r, p);
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
/**
 * Spends the same work as a real verification, for an unknown username, so response time does not
 * tell which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummy);
  return false;
}
