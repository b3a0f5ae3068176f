import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";

/**
 * A software passkey for tests that have no browser: an ES256 key pair that answers WebAuthn
 * challenges the way an authenticator does ("none" attestation), so @simplewebauthn/server can
 * verify its answers. The e2e test uses Chromium's virtual authenticator instead.
 */
export function softPasskey(origin: string) {
  const rpID = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = randomBytes(16);
  const id = credentialId.toString("base64url");
  let counter = 0;
  const rpIdHash = createHash("sha256").update(rpID).digest();
  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };
  const clientData = (type: string, challenge: string, from = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    id,
    /** The answer to navigator.credentials.create() for these options' challenge. */
    register(challenge: string): RegistrationResponseJSON {
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
      ]);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      // Flags: user present, user verified, attested credential data.
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x45]), counterBytes(), Buffer.alloc(16), length, credentialId, Buffer.from(isoCBOR.encode(cose))]);
      const attestation = new Map<string, string | Map<number, number> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<number, number>()],
        ["authData", new Uint8Array(authData)],
      ]);
      return {
        id,
        rawId: id,
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData("webauthn.create", challenge).toString("base64url"),
          attestationObject: Buffer.from(isoCBOR.encode(attestation)).toString("base64url"),
          transports: ["internal"],
        },
      };
    },
    /** The answer to navigator.credentials.get() for this challenge (optionally from another origin). */
    assert(challenge: string, from = origin): AuthenticationResponseJSON {
      counter += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05]), counterBytes()]);
      const json = clientData("webauthn.get", challenge, from);
      const signature = sign("sha256", Buffer.concat([authData, createHash("sha256").update(json).digest()]), privateKey);
      return {
        id,
        rawId: id,
        type: "public-key",
        clientExtensionResults: {},
        response: { clientDataJSON: json.toString("base64url"), authenticatorData: authData.toString("base64url"), signature: signature.toString("base64url") },
      };
    },
  };
}
