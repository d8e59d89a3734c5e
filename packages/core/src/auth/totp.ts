import { timingSafeEqual } from "node:crypto";
import { HOTP, Secret, TOTP } from "otpauth";
import { isTotpCodeShape, normaliseTotpInput } from "../contract/account";

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226), computed by `otpauth`: what authenticator apps implement.
 * Our codes are 6 digits every 30 seconds with HMAC-SHA1; a code from the step before or after the
 * current one is accepted (one step of clock drift), and a step once used is refused after (the
 * account stores the last step used).
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of the current one that are accepted. */
export const TOTP_DRIFT_STEPS = 1;
const SECRET_BYTES = 20; // 160 bits, RFC 4226's recommendation for HMAC-SHA1
const ALGORITHM = "SHA1";

const secretOf = (bytes: Uint8Array) => new Secret({ buffer: Uint8Array.from(bytes).buffer });

/** RFC 4648 base32 without padding: the form otpauth:// URLs and authenticator apps use. */
export const base32Encode = (bytes: Uint8Array): string => secretOf(bytes).base32;

/** Decodes base32 (case-insensitive, whitespace and padding ignored); throws on any other character. */
export const base32Decode = (text: string): Buffer => Buffer.from(Secret.fromBase32(text.replace(/\s/g, "")).bytes);

/** HOTP (RFC 4226 §5.3): the code of a counter, `digits` long. */
export const hotp = (key: Uint8Array, counter: number, digits = TOTP_DIGITS): string => HOTP.generate({ secret: secretOf(key), algorithm: ALGORITHM, digits, counter });

/** The time step of a moment (RFC 6238 §4.2, T0 = 0). */
export const totpStep = (nowMs: number, period = TOTP_PERIOD_SECONDS) => TOTP.counter({ period, timestamp: nowMs });

/** The code of a moment. */
export const totpCode = (key: Uint8Array, nowMs: number, digits = TOTP_DIGITS) => hotp(key, totpStep(nowMs), digits);

/**
 * The step a code matches, within one step of drift and strictly after `lastUsedStep` (each code
 * once), or undefined. Every candidate is compared in constant time. (`TOTP.validate` stops at the
 * first step that matches, so it could answer an already used step where a later one also matches.)
 */
export function matchTotp(secretBase32: string, code: string, nowMs: number, lastUsedStep = -1): number | undefined {
  if (!isTotpCodeShape(code)) return undefined;
  const given = Buffer.from(normaliseTotpInput(code));
  const secret = Secret.fromBase32(secretBase32);
  const current = totpStep(nowMs);
  let matched: number | undefined;
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    const expected = Buffer.from(HOTP.generate({ secret, algorithm: ALGORITHM, digits: TOTP_DIGITS, counter: step }));
    if (timingSafeEqual(expected, given) && step > lastUsedStep && matched === undefined) matched = step;
  }
  return matched;
}

/** A new secret: 160 random bits, base32. */
export const newTotpSecret = () => new Secret({ size: SECRET_BYTES }).base32;

/**
 * The Key Uri Format authenticator apps read from the QR code:
 * otpauth://totp/<issuer>:<account>?issuer=...&secret=...&algorithm=SHA1&digits=6&period=30
 */
export const otpauthUrl = (input: { secret: string; issuer: string; account: string }): string =>
  new TOTP({ issuer: input.issuer, label: input.account, secret: input.secret, algorithm: ALGORITHM, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }).toString();
