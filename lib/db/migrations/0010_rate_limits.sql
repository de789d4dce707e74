-- Per-address request counters shared by every instance on one PostgreSQL (docs/contract.md §6.4).
-- One row per (surface|address, window start in ms); bumped with one upsert, pruned once
-- per window. UNLOGGED: counters are worth no WAL, and a crash that loses them only
-- restarts the current window.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" bigint NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
