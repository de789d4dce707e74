-- Live link events (docs/live-events.md): a per-link counter bumped in the transaction of every
-- state change (method chosen or switched, paid, rejected, expired by the merchant). A stream
-- resumes from it: an event id is derived from it, so ids are monotonic per link.
ALTER TABLE "payment_links" ADD COLUMN "event_version" integer DEFAULT 0 NOT NULL;
