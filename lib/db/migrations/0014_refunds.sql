-- Refunds (docs/contract.md §9, docs/refunds.md): one row per refund of a paid card, QRIS or
-- e-wallet payment. What remains refundable is computed under the payment row's lock, never
-- stored; the settle_at/lease columns let any instance's worker take a due refund exactly once.
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL REFERENCES "partners"("id"),
	"payment_id" text NOT NULL REFERENCES "payments"("id"),
	"link_id" text REFERENCES "payment_links"("id"),
	"intent_id" text,
	"group_id" text NOT NULL,
	"original_reference_no" text NOT NULL,
	"original_partner_reference_no" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"partner_refund_no" text,
	"request_hash" text,
	"settle_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"leased_by" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK (amount_minor > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_partner_refund_no_uq" ON "refunds" ("partner_id", "partner_refund_no") WHERE partner_refund_no is not null;
--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" ("payment_id", "created_at");
--> statement-breakpoint
CREATE INDEX "refunds_partner_created_idx" ON "refunds" ("partner_id", "created_at");
--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" ("settle_at") WHERE status = 'pending';
