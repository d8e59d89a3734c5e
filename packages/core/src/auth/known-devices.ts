import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { config } from "../config";

/** How long a browser stays a known device after its last successful sign-in. */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const mac = (secret: string, username: string, id: string) => createHmac("sha256", secret).update(`known-device\n${username}\n${id}`).digest("base64url");

/**
 * Known devices, OWASP's "device cookies" against lockout: a browser that signed in with a username
 * and password carries `<username>.<device id>.<HMAC>`, signed with DEVICE_COOKIE_SECRET. Failed
 * sign-ins from unknown devices are counted per address (and per username across addresses); a
 * known device has a failure budget of its own that nobody else can spend, so an attacker's
 * failures never lock the admin's own browser out. Without a secret there are no known devices.
 */
export const KnownDevices = {
  /** A fresh device token for `username` (a new id at every sign-in), or undefined without a secret. */
  issue(username: string): string | undefined {
    const secret = config.deviceCookieSecret;
    if (!secret) return undefined;
    const id = randomBytes(16).toString("base64url");
    return `${b64(username)}.${id}.${mac(secret, username, id)}`;
  },

  /** The device id when `token` is a genuine device token of `username`, else undefined. */
  verify(token: string | undefined, username: string): string | undefined {
    const secret = config.deviceCookieSecret;
    if (!secret || !token || token.length > 200) return undefined;
    const [user, id, signature, ...rest] = token.split(".");
    if (!user || !id || !signature || rest.length > 0 || user !== b64(username)) return undefined;
    const expected = Buffer.from(mac(secret, username, id));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  },
};
