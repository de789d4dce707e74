CREATE TABLE "idempotency_keys" (
	"partner_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_partner_id_key_pk" PRIMARY KEY("partner_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"link_id" text,
	"partner_reference_no" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"customer_id" text,
	"description" text,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"card_holder" text,
	"last_error" jsonb,
	"return_url" text,
	"created_at_iso" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "partner_reference_no" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_partner_ref_uq" ON "payment_intents" USING btree ("partner_id","partner_reference_no") WHERE partner_reference_no is not null;--> statement-breakpoint
CREATE INDEX "payment_intents_partner_created_idx" ON "payment_intents" USING btree ("partner_id","created_at");