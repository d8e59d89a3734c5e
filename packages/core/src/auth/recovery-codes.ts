import { createHash, randomBytes } from "node:crypto";
import { normaliseRecoveryInput } from "../contract/account";
import { base32Encode } from "./totp";

/**
 * Recovery codes: ten single-use codes shown once when two-factor is turned on. Each is 80 random
 * bits written as four groups of four base32 letters (`abcd-efgh-ijkl-mnop`); with that much
 * entropy a plain SHA-256 is enough to store them (no salt or slow hash needed, and a code is
 * found by its hash without trying each one).
 */
export const RECOVERY_CODE_COUNT = 10;

export const hashRecoveryCode = (code: string) =>
  createHash("sha256")
    .update(`recovery-code\n${normaliseRecoveryInput(code)}`, "utf8")
    .digest("base64url");

/** Ten fresh codes, grouped for reading. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const letters = base32Encode(randomBytes(10)).toLowerCase();
    return letters.match(/.{4}/g)!.join("-");
  });
}
