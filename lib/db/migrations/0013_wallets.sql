-- E-wallets (docs/contract.md §8, docs/wallets.md): one row per wallet attempt, and the
-- catalogue's e-wallet group with its four methods. A database seeded before this has the
-- group inactive ("Registration in progress") and no methods: the group is switched on where
-- the seed's text is still there (an operator's own edit is left alone), and the methods are
-- added. On a fresh database the group does not exist yet and the seed writes both.
CREATE TABLE "wallet_payments" (
	"reference_no" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL REFERENCES "partners"("id"),
	"payment_id" text NOT NULL REFERENCES "payments"("id"),
	"link_id" text NOT NULL REFERENCES "payment_links"("id"),
	"method_id" text NOT NULL,
	"flow" text NOT NULL,
	"partner_reference_no" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"phone_hash" text,
	"phone_masked" text,
	"lapses_at" timestamp with time zone,
	"status" text NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wallet_payments_payment_idx" ON "wallet_payments" ("payment_id");
--> statement-breakpoint
CREATE INDEX "wallet_payments_partner_ref_idx" ON "wallet_payments" ("partner_id", "partner_reference_no", "created_at");
--> statement-breakpoint
UPDATE "method_groups" SET "active" = true, "active_text_en" = '', "active_text_id" = '', "subtitle_en" = 'DANA, ShopeePay, GoPay, OVO', "subtitle_id" = 'DANA, ShopeePay, GoPay, OVO' WHERE "id" = 'ew' AND "active" = false AND "active_text_en" = 'Registration in progress.';
--> statement-breakpoint
INSERT INTO "methods" ("group_id", "id", "position", "logo", "title", "subtitle", "active")
SELECT 'ew', m.id, m.position, m.logo, m.title, m.subtitle, true
FROM (VALUES
	('dana', 1, '/logos/dana.svg', 'DANA', 'Approve in the DANA app'),
	('shopeepay', 2, '/logos/shopeepay.svg', 'ShopeePay', 'Approve in the Shopee app'),
	('gopay', 3, '/logos/gopay.svg', 'GoPay', 'Approve in the Gojek app'),
	('ovo', 4, '/logos/ovo.svg', 'OVO', 'Approve the request in the OVO app')
) AS m(id, position, logo, title, subtitle)
WHERE EXISTS (SELECT 1 FROM "method_groups" WHERE "id" = 'ew')
ON CONFLICT DO NOTHING;
