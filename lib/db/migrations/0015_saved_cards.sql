-- Saved cards (docs/contract.md §10): a link's customer, an intent's setupFutureUsage and the
-- saved card it used or saved, and the customers' payment methods with their numbers sealed
-- under the master key (never the CVC).
ALTER TABLE "payment_links" ADD COLUMN "customer_id" text;
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "setup_future_usage" text;
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "payment_method_id" text;
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL REFERENCES "partners"("id"),
	"customer_id" text NOT NULL,
	"intent_id" text NOT NULL,
	"status" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"sealed_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_intent_uq" ON "payment_methods" ("intent_id");
--> statement-breakpoint
CREATE INDEX "payment_methods_customer_idx" ON "payment_methods" ("partner_id", "customer_id", "created_at" DESC);
