-- Every statement that writes outbox rows tells listening dispatchers at commit (NOTIFY is
-- delivered only when the transaction commits), so a worker process starts on work written by
-- another process without waiting for its poll.
CREATE FUNCTION "outbox_written_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_written', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_written" AFTER INSERT ON "outbox" FOR EACH STATEMENT EXECUTE FUNCTION "outbox_written_notify"();
