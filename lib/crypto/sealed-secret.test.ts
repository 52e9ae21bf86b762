import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { isSealed, open, SealedSecretError, seal, sealedKeyId } from "./sealed-secret";
import { secretsKeyFrom } from "./secrets-key";

const key = secretsKeyFrom(randomBytes(32));
const context = "webhook_endpoints.secret:wh_1";

describe("sealed secrets", () => {
  test("a sealed value opens to its plaintext and shows nothing of it", () => {
    const plaintext = "whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw==";
    const sealed = seal(plaintext, context, key);
    expect(sealed).toMatch(new RegExp(`^v1\\.${key.id}\\.`));
    expect(sealedKeyId(sealed)).toBe(key.id);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(plaintext);
    expect(sealed).not.toContain(Buffer.from(plaintext).toString("base64url"));
    expect(open(sealed, context, key)).toBe(plaintext);
    // A fresh IV each time: sealing the same secret twice gives different values.
    expect(seal(plaintext, context, key)).not.toBe(sealed);
    expect(open(seal("", context, key), context, key)).toBe("");
  });

  test("an altered value does not open", () => {
    const sealed = seal("-----BEGIN PRIVATE KEY-----", context, key);
    const [version, keyId, iv, data] = sealed.split(".") as [string, string, string, string];
    const flip = (text: string) => {
      const bytes = Buffer.from(text, "base64url");
      bytes[0]! ^= 1;
      return bytes.toString("base64url");
    };
    for (const altered of [
      [version, keyId, flip(iv), data],
      [version, keyId, iv, flip(data)],
      [version, keyId, iv, `${data.slice(0, -4)}AAAA`],
    ]) {
      expect(() => open(altered.join("."), context, key)).toThrow(/does not open/);
    }
  });

  test("a value copied into another row or column does not open", () => {
    const sealed = seal("whsec_secret-of-endpoint-one", context, key);
    expect(() => open(sealed, "webhook_endpoints.secret:wh_2", key)).toThrow(SealedSecretError);
    expect(() => open(sealed, "webhook_endpoints.previous_secret:wh_1", key)).toThrow(
      /does not open/,
    );
  });

  test("a value sealed under another key is named as such", () => {
    const other = secretsKeyFrom(randomBytes(32));
    expect(other.id).not.toBe(key.id);
    expect(() => open(seal("secret", context, other), context, key)).toThrow(
      new RegExp(
        `sealed under key ${other.id}, which is neither the configured key ${key.id} nor one of SECRETS_DECRYPTION_KEYS`,
      ),
    );
  });

  test("a keyring opens a value sealed under any of its keys, and only those", () => {
    const previous = secretsKeyFrom(randomBytes(32));
    const stranger = secretsKeyFrom(randomBytes(32));
    expect(open(seal("old secret", context, previous), context, [key, previous])).toBe(
      "old secret",
    );
    expect(open(seal("new secret", context, key), context, [key, previous])).toBe("new secret");
    expect(() => open(seal("secret", context, stranger), context, [key, previous])).toThrow(
      new RegExp(`sealed under key ${stranger.id}, which is neither the configured key ${key.id}`),
    );
  });

  test("plaintext is refused, not passed through", () => {
    for (const plain of ["whsec_c2VjcmV0", "-----BEGIN PRIVATE KEY-----\nMC4CAQ", "v1.abc"]) {
      expect(isSealed(plain)).toBe(false);
      expect(() => open(plain, context, key)).toThrow(/is not sealed/);
    }
  });
});
