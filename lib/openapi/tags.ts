export const tagDescriptions: Record<string, string> = {
  Agents: "Register, manage and discover the software agents that transact.",
  Authentication:
    "Agent tokens: short-lived JWTs, issued with an API key, that act as one agent with a subset of the key's scopes.",
  Webhooks:
    "Endpoints that receive events, signed per Standard Webhooks, retried on a fixed schedule.",
  Events: "What happened, as webhooks deliver it; kept 30 days.",
  Receipts:
    "Cryptographically verifiable proofs of executed settlements: list, retrieve, export for offline verification, re-verify.",
  "Attest engine":
    "Settlement integrity: evidence hash chains, the append-only Merkle log and its signed tree heads, deterministic replay.",
  "Attest log":
    "The public, append-only log of every sealed receipt of an environment: signed checkpoints, consistency and inclusion proofs, and C2SP tiles that any static server can mirror. No key needed.",
};
