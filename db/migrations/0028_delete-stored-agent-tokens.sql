-- Idempotency records of token issues used to keep the answer whole, a live agent token with it.
-- They are deleted: none of them can be replayed since records name the credential that made
-- the request, and a retry with such a key now simply issues a token again.
DELETE FROM "idempotency_keys" WHERE "response_body" LIKE '{"token":"ey%';
