import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isTotpCodeShape, normaliseTotpInput } from "../contract/account";

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto's HMAC-SHA1: what authenticator apps
 * implement. Our codes are 6 digits every 30 seconds; a code from the step before or after the
 * current one is accepted (one step of clock drift), and a step once used is refused after (the
 * account stores the last step used).
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of the current one that are accepted. */
export const TOTP_DRIFT_STEPS = 1;
const SECRET_BYTES = 20; // 160 bits, RFC 4226's recommendation for HMAC-SHA1

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: the form otpauth:// URLs and authenticator apps use. */
export function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case-insensitive, spaces and padding ignored); throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const i = BASE32.indexOf(ch);
    if (i < 0) throw new Error("Not base32");
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226 §5.3): dynamic truncation of HMAC(key, counter), `digits` long. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, "0");
}

/** The time step of a moment (RFC 6238 §4.2, T0 = 0). */
export const totpStep = (nowMs: number, period = TOTP_PERIOD_SECONDS) => Math.floor(nowMs / 1000 / period);

/** The code of a moment. */
export const totpCode = (key: Uint8Array, nowMs: number, digits = TOTP_DIGITS) => hotp(key, totpStep(nowMs), digits);

/**
 * The step a code matches, within one step of drift and strictly after `lastUsedStep` (each code
 * once), or undefined. Every candidate is compared in constant time.
 */
export function matchTotp(secretBase32: string, code: string, nowMs: number, lastUsedStep = -1): number | undefined {
  if (!isTotpCodeShape(code)) return undefined;
  const given = Buffer.from(normaliseTotpInput(code));
  const key = base32Decode(secretBase32);
  const current = totpStep(nowMs);
  let matched: number | undefined;
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    const expected = Buffer.from(hotp(key, step));
    if (timingSafeEqual(expected, given) && step > lastUsedStep && matched === undefined) matched = step;
  }
  return matched;
}

/** A new secret: 160 random bits, base32. */
export const newTotpSecret = () => base32Encode(randomBytes(SECRET_BYTES));

/**
 * The Key Uri Format authenticator apps read from the QR code:
 * otpauth://totp/<issuer>:<account>?secret=...&issuer=...&algorithm=SHA1&digits=6&period=30
 */
export function otpauthUrl(input: { secret: string; issuer: string; account: string }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const params = new URLSearchParams({
    secret: input.secret,
    issuer: input.issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
