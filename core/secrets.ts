import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets stored in the database (the Instagram access token) are sealed with AES-256-GCM
 * (decision 0032). The key is derived with HKDF-SHA256 from ENCRYPTION_KEY, which lives beside
 * SESSION_SECRET (the environment, or a file in DATA_DIR), never in the database or a backup.
 *
 * Sealed form: "v1." + base64url(12-byte nonce | 16-byte tag | ciphertext). The column's name is
 * the additional data, so a sealed value copied into another column does not open.
 */

const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SealBroken extends Error {}

export interface SecretBox {
  seal(plain: string, purpose: string): string;
  /** The plain text, or throws SealBroken (another key, or a changed value). */
  open(sealed: string, purpose: string): string;
}

/** The 32-byte AES key of an ENCRYPTION_KEY (any string of 32 or more characters). */
function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.alloc(0), "law-firm-site secrets v1", 32));
}

export function createSecretBox(encryptionKey: string): SecretBox {
  if (encryptionKey.length < 32) throw new Error("ENCRYPTION_KEY must be at least 32 characters");
  const key = deriveKey(encryptionKey);
  return {
    seal(plain, purpose) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(purpose, "utf8"));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed, purpose) {
      const [version, data] = sealed.split(".", 2);
      if (version !== VERSION || !data) throw new SealBroken("The stored secret is not in a known sealed form.");
      const bytes = Buffer.from(data, "base64url");
      if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new SealBroken("The stored secret is cut short.");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES));
        decipher.setAAD(Buffer.from(purpose, "utf8"));
        decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        throw new SealBroken("The stored secret cannot be opened with this server's ENCRYPTION_KEY.");
      }
    },
  };
}
