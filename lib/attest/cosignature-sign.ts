import { createPublicKey, type KeyObject, sign } from "node:crypto";
import { fromBase64Url } from "./bytes";
import {
  cosignatureKeyId,
  cosignedMessage,
  formatCosignatureLine,
  formatWitnessVkey,
} from "./cosignature";

/* Cosigning, for a witness (the CLI's witness mode and tests): verification runs anywhere. */

/** The 32 raw bytes of an Ed25519 key's public half. */
const rawPublicKey = (privateKey: KeyObject): Uint8Array => {
  const { x } = createPublicKey(privateKey).export({ format: "jwk" });
  if (!x) throw new Error("not an Ed25519 key");
  return fromBase64Url(x);
};

/** The vkey verifiers configure for the witness `name` holding this Ed25519 private key. */
export const witnessVkeyOf = ({ name, privateKey }: { name: string; privateKey: KeyObject }) =>
  formatWitnessVkey({ name, publicKey: rawPublicKey(privateKey) });

/** A `cosignature/v1` line over the checkpoint body, made at `timestamp` (unix seconds). */
export const cosignCheckpoint = ({
  checkpoint,
  name,
  privateKey,
  timestamp,
}: {
  checkpoint: string;
  name: string;
  privateKey: KeyObject;
  timestamp: bigint;
}): string => {
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("the witness key is not Ed25519");
  const keyId = cosignatureKeyId({ name, publicKey: rawPublicKey(privateKey) });
  const signature = sign(null, cosignedMessage({ checkpoint, timestamp }), privateKey);
  return formatCosignatureLine({ witness: { name, keyId }, timestamp, signature });
};
