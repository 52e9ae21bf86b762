/**
 * What each API operation's tool tells an LLM: what it does, when to use it, what comes next.
 * Keyed by operationId; a test checks that every operation has one.
 */
export const toolDescriptions: Record<string, string> = {
  createAgent:
    "Register a software agent that can negotiate and be paid. Use it once per agent you act for or deal with; the answer's `id` is what negotiations and settlements name. Next: create_negotiation.",
  listAgents:
    "List this organization's agents, newest first (paged with `cursor`). Use it to find an agent's id.",
  discoverAgents:
    "Search discoverable agents of every organization by text (`q`) and `capability`. Use it to find a counterparty to pay or be paid by.",
  getAgent: "Retrieve one agent by id: its name, capabilities, status and metadata.",
  updateAgent:
    "Change an agent's name, description, capabilities, metadata, discoverability, status (suspend or reactivate), or its spending mandate (limits per settlement and per UTC day per currency, allowed counterparties, expiry; null removes it; an API key only).",
  getAgentWallet:
    "An agent's balance per currency on the ledger rail and its ledger entries (funding, payments, reversals), newest first.",
  getAgentCard:
    "A discoverable agent's public A2A agent card: what it does (skills), where it listens, its public keys and the x402 payments it accepts (scheme, network, payTo). Use it to learn how to reach or pay a counterparty found with discover_agents.",
  fundAgentWallet:
    "Sandbox only: give an agent test money on the ledger rail, so it can pay with adapter `ledger`.",
  addAgentKey:
    "Register an Ed25519 or P-256 public key (JWK, public members only) an agent signs its negotiation responses with. The answer's `id` is the `kid` of its signatures; signed responses go into the receipt's evidence.",
  listAgentKeys: "List an agent's signing keys, newest first, active and revoked.",
  revokeAgentKey:
    "Revoke an agent's signing key: new signatures under it are refused; receipts that already carry it keep verifying.",
  deleteAgent:
    "Delete an agent. It can no longer negotiate or be paid; past settlements and receipts keep naming it.",
  getMe:
    "Who this credential is: its organization, environment (sandbox or production), API key or the agent a token acts as, scopes, and the plan's rate limit. Use it first to learn what you may do.",
  issueAgentToken:
    "Issue a short-lived agent token that acts as one agent with a subset of the key's scopes. Use it to hand an agent its own credential instead of the API key.",
  revokeAgentTokens: "Revoke every agent token of an agent (or one token by its jti) at once.",
  createNegotiation:
    "Open a negotiation: an initiator agent (the payer) proposes terms (amount, currency, optional splits) to one or more responder agents. Next: each responder answers with respond_to_negotiation; once all accept, create_settlement (or the composite `settle`).",
  listNegotiations:
    "List negotiations any of your agents is party to, newest first, filtered by status.",
  getNegotiation:
    "Retrieve a negotiation with every round (proposals, counters, answers) and who has accepted.",
  respondToNegotiation:
    "Answer a negotiation as one of its agents: accept, reject, counter (new terms, which resets acceptances) or cancel. Pass the `round` you read, so an accept never lands on terms countered meanwhile (409). When every responder has accepted, the negotiation is `accepted` and can be settled.",
  createSettlement:
    "Create the settlement of an accepted negotiation (on the sandbox rail by default). Next: execute_settlement, or use the composite `settle` to create, execute and wait in one call.",
  listSettlements:
    "List settlements any of your agents is party to, newest first, filtered by status or time.",
  getSettlementStats: "Settlement counts by status, settled volume and success rate over a period.",
  getSettlement:
    "Retrieve a settlement: status (pending, executing, executed, failed, reversed, disputed), amounts per party, rail reference.",
  executeSettlement:
    "Execute a settlement on its payment rail. Answers 202 at once; poll get_settlement until it leaves `executing`. When executed, a receipt is issued (list_receipts with its settlementId).",
  reverseSettlement:
    "Reverse an executed settlement: the money moves back and the settlement becomes `reversed`.",
  disputeSettlement:
    "Open a dispute on an executed settlement, with a reason; it becomes `disputed`.",
  createWebhook:
    "Register an HTTPS endpoint that receives signed events (Standard Webhooks) of the types you subscribe to.",
  listWebhooks: "List webhook endpoints, newest first.",
  getWebhook: "Retrieve a webhook endpoint with its delivery statistics.",
  updateWebhook:
    "Change a webhook endpoint's URL, event types, status, description or signing secret.",
  deleteWebhook: "Delete a webhook endpoint; its pending deliveries are cancelled.",
  testWebhook:
    "Send a signed test event of a chosen type to an endpoint now and report what it answered.",
  listWebhookDeliveries: "The delivery log of a webhook endpoint: each event, attempts, outcome.",
  retryWebhookDelivery: "Send a finished (failed or delivered) webhook delivery again.",
  resendEvent:
    "Send an event again to one webhook endpoint that subscribes to its type: a new delivery of the same event.",
  listWebhookDeliveryAttempts:
    "Every attempt of one webhook delivery, newest first: request headers and body sent, the answer's status, headers and body, latency and error.",
  listEvents:
    "List the events of the last 30 days (what webhooks deliver), newest first, filtered by type.",
  getEvent: "Retrieve one event with its payload.",
  listReceipts:
    "List receipts, newest first; filter by `settlementId` to find the receipt of a settlement. Next: get_receipt or verify_receipt.",
  getReceipt:
    "Retrieve a receipt: the settled amount, the parties, the rail reference, its attest hash and its place in the public log.",
  getReceiptBundle:
    "Export a receipt as a self-contained bundle (receipt, evidence, inclusion proof, signed tree head) that anyone can verify offline with the JWKS.",
  verifyReceipt:
    "Re-verify a receipt: evidence chain, attest hash, policy, inclusion in the log and the tree head's signature. The composite `verify_receipt` gives the same check with a plain-language verdict.",
  attestVerify:
    "Verify a settlement's integrity by settlement or receipt id, with every check named.",
  getEvidence: "Retrieve one evidence record of a settlement with its chain and inclusion context.",
  attestReplay:
    "Replay a settlement from its recorded evidence and report whether it comes out the same (`deterministic`), with a diff otherwise.",
  getLogCheckpoint:
    "The public attest log's latest signed checkpoint (tree size and root hash), for auditing that the log only grows.",
  getLogKeys:
    "The public attest log's signing keys with the tree sizes each signed, and the transition checkpoints (signed by both keys) where one key handed over to the next.",
  getLogConsistencyProof:
    "A proof that the log at size `to` extends the log at size `from` (RFC 9162).",
  getLogInclusionProof:
    "A proof that the leaf with hash `leafHash` is in the log of size `treeSize` (RFC 9162).",
  getLogTile: "A C2SP tile of the public log (base64), for mirroring or auditing the log.",
  x402Supported:
    "The x402 payment kinds this service's facilitator settles: scheme `exact` on `agent-settlement:<environment>`.",
  x402Verify:
    "As an x402 merchant: check a paying agent's x402 payment against your payment requirements without moving money. `isValid: false` names x402's `invalidReason` (expired, insufficient_funds, nonce_already_used, …).",
  x402Settle:
    "As an x402 merchant: settle a verified x402 payment: the amount moves from the payer agent's wallet to the `payTo` agent's once (retries answer the same), with a settlement and a receipt (`extra.settlementId`, `extra.receiptId`). Verify first with x402_verify.",
};
