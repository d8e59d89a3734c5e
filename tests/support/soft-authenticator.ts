import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A software passkey authenticator for tests without a browser: it answers WebAuthn options the
 * way a platform authenticator does (ES256 key, "none" attestation, user present and verified),
 * so the server's real verification runs on real signatures. Tests can then break one thing at a
 * time (origin, challenge, flags) and see it refused.
 */

// ---- a minimal CBOR encoder: unsigned/negative ints, byte and text strings, maps --------------
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(v: Cbor): Buffer {
  if (typeof v === "number") return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === "string") {
    const b = Buffer.from(v, "utf8");
    return Buffer.concat([head(3, b.length), b]);
  }
  if (Buffer.isBuffer(v)) return Buffer.concat([head(2, v.length), v]);
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, val]) => [cbor(k), cbor(val)])]);
}

const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest();
const b64u = (b: Buffer) => b.toString("base64url");

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  userHandle: string;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  constructor(
    readonly origin: string,
    /** The RP ID the authenticator hashes into its data (a phishing site's would differ). */
    readonly rpId = new URL(origin).hostname,
  ) {}

  /** navigator.credentials.create(): the answer @simplewebauthn/browser's startRegistration sends. */
  register(options: { challenge: string; user: { id: string } }, opts: { origin?: string; userVerified?: boolean } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const id = randomBytes(16);
    const credId = Buffer.alloc(2);
    credId.writeUInt16BE(id.length);
    const flags = FLAG_UP | FLAG_AT | (opts.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([flags]), Buffer.alloc(4), Buffer.alloc(16), credId, id, cose]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin: opts.origin ?? this.origin, crossOrigin: false }));
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    const credential: SoftCredential = { id, privateKey, publicKey, counter: 0, userHandle: options.user.id };
    this.credentials.push(credential);
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: "public-key" as const,
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /** navigator.credentials.get() with a discoverable credential: what startAuthentication sends. */
  assert(options: { challenge: string }, opts: { credential?: SoftCredential; origin?: string; counter?: number } = {}) {
    const credential = opts.credential ?? this.credentials.at(-1)!;
    credential.counter = opts.counter ?? credential.counter + 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(credential.counter);
    const authenticatorData = Buffer.concat([sha256(this.rpId), Buffer.from([FLAG_UP | FLAG_UV]), count]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: opts.origin ?? this.origin, crossOrigin: false }));
    const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authenticatorData),
        signature: b64u(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }
}
