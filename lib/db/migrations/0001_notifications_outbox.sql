CREATE TABLE "callback_attempts" (
	"delivery_id" text NOT NULL,
	"attempt_no" integer NOT NULL,
	"instance_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"error" text,
	"reply_excerpt" text,
	CONSTRAINT "callback_attempts_delivery_id_attempt_no_pk" PRIMARY KEY("delivery_id","attempt_no")
);
--> statement-breakpoint
CREATE TABLE "callback_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"link_id" text,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"leased_by" text,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "late_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "account_digits" text;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "payment_request_id" text;--> statement-breakpoint
ALTER TABLE "callback_attempts" ADD CONSTRAINT "callback_attempts_delivery_id_callback_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."callback_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_notifications" ADD CONSTRAINT "inbound_notifications_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_deliveries_due_idx" ON "callback_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "callback_deliveries_partner_idx" ON "callback_deliveries" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_notifications_key_uq" ON "inbound_notifications" USING btree ("partner_id","kind","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_digits_uq" ON "virtual_accounts" USING btree ("account_digits");