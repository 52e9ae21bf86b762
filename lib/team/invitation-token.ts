import { randomBase62 } from "@/lib/ids";
import { hashSecret } from "@/lib/keys/secret";

/** A link's one-time token (about 190 bits) and the hash that is all the database keeps. */
export function generateInvitationToken() {
  const token = `invite_${randomBase62(32)}`;
  return { token, hash: hashSecret(token) };
}
