/** A fresh signing secret in the Standard Webhooks form: `whsec_` + base64 of 24 random bytes. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}
