-- The merchant console (docs/console.md): users and their sessions, failed sign-ins,
-- per-merchant method settings, a link timeline, key rotation with a grace period, and
-- what the links table filters and searches on.
CREATE TABLE "console_users" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL REFERENCES "partners"("id"),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "console_users_email_uq" ON "console_users" ("email");
--> statement-breakpoint
CREATE TABLE "console_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "console_users"("id"),
	"partner_id" text NOT NULL REFERENCES "partners"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "console_sessions_expires_idx" ON "console_sessions" ("expires_at");
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_scope_at_idx" ON "sign_in_failures" ("scope", "at");
--> statement-breakpoint
CREATE TABLE "merchant_method_settings" (
	"partner_id" text NOT NULL REFERENCES "partners"("id"),
	"group_id" text NOT NULL,
	"method_id" text DEFAULT '' NOT NULL,
	"active" boolean NOT NULL,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_method_settings_pk" PRIMARY KEY("partner_id","group_id","method_id")
);
--> statement-breakpoint
CREATE TABLE "link_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL REFERENCES "payment_links"("id"),
	"type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE INDEX "link_events_link_idx" ON "link_events" ("link_id", "at");
--> statement-breakpoint
INSERT INTO "link_events" ("link_id", "type", "at") SELECT "id", 'created', "created_at" FROM "payment_links";
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "previous_secret_key_hash" text;
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "previous_secret_key_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "previous_client_secret_enc" text;
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "previous_client_secret_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "time_zone" text DEFAULT 'Asia/Jakarta' NOT NULL;
--> statement-breakpoint
CREATE INDEX "partners_previous_secret_key_idx" ON "partners" ("previous_secret_key_hash");
--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD COLUMN "resend_of" text;
--> statement-breakpoint
CREATE INDEX "callback_deliveries_link_idx" ON "callback_deliveries" ("link_id", "created_at");
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("partner_reference_no" || ' ' || coalesce("invoice"->'customer'->>'firstName', '') || ' ' || coalesce("invoice"->'customer'->>'lastName', '') || ' ' || coalesce("invoice"->'customer'->>'email', ''))) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "payment_links_partner_created_idx";
--> statement-breakpoint
CREATE INDEX "payment_links_partner_created_idx" ON "payment_links" ("partner_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "payment_links_partner_status_created_idx" ON "payment_links" ("partner_id", "status", "created_at" DESC, "id" DESC);
