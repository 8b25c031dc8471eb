import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

/** What each kind of secret is sealed for: its own key is derived for each (HKDF's info). */
export const SECRET_PURPOSES = {
  webhooks: "twin-cards webhook signing secrets",
  tagKeys: "twin-cards NFC tag master keys",
  claimCodes: "twin-cards sent claim codes",
} as const;

/**
 * Seals secrets at rest with AES-256-GCM under a key derived (HKDF-SHA256) for
 * `purpose` from WEBHOOK_SECRETS_KEY, or SHOPIFY_API_SECRET: a copy of the
 * database alone (a backup, a replica) cannot sign events or make tag keys.
 * Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function secretBox(keyMaterial: string, purpose: (typeof SECRET_PURPOSES)[keyof typeof SECRET_PURPOSES] = SECRET_PURPOSES.webhooks) {
  const key = Buffer.from(hkdfSync("sha256", keyMaterial, "", purpose, 32));
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(stored: string): string {
      const [version, iv, tag, sealed] = stored.split(".");
      if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error("Not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
