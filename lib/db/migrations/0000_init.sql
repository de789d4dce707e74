CREATE TABLE "access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_ids" (
	"partner_id" text NOT NULL,
	"day" text NOT NULL,
	"external_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_ids_partner_id_day_external_id_pk" PRIMARY KEY("partner_id","day","external_id")
);
--> statement-breakpoint
CREATE TABLE "method_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"icon" text NOT NULL,
	"title_en" text NOT NULL,
	"title_id" text NOT NULL,
	"subtitle_en" text NOT NULL,
	"subtitle_id" text NOT NULL,
	"button_en" text NOT NULL,
	"button_id" text NOT NULL,
	"active" boolean NOT NULL,
	"active_text_en" text DEFAULT '' NOT NULL,
	"active_text_id" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "methods" (
	"group_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"logo" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"active" boolean NOT NULL,
	"active_text_en" text DEFAULT '' NOT NULL,
	"active_text_id" text DEFAULT '' NOT NULL,
	"partner_service_id" text,
	"bank_code" text,
	CONSTRAINT "methods_group_id_id_pk" PRIMARY KEY("group_id","id")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"city" text DEFAULT 'Jakarta' NOT NULL,
	"client_key" text NOT NULL,
	"client_secret_enc" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"secret_key_hash" text,
	"channel_id" text NOT NULL,
	"callback_base_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_client_key_unique" UNIQUE("client_key"),
	CONSTRAINT "partners_secret_key_hash_unique" UNIQUE("secret_key_hash")
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"partner_reference_no" text NOT NULL,
	"trx_id" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"invoice" jsonb NOT NULL,
	"payment_methods" jsonb,
	"callback_base_url" text,
	"redirect_url" text,
	"language" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"current_payment_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"link_id" text,
	"group_id" text NOT NULL,
	"method_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"content_name" text NOT NULL,
	"content_value" text NOT NULL,
	"reference_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"reference_no" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"payment_id" text,
	"partner_reference_no" text NOT NULL,
	"merchant_id" text,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'IDR' NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"payment_id" text,
	"bank" text NOT NULL,
	"partner_service_id" text NOT NULL,
	"customer_no" text NOT NULL,
	"virtual_account_no" text NOT NULL,
	"virtual_account_name" text NOT NULL,
	"virtual_account_email" text,
	"virtual_account_phone" text,
	"trx_id" text NOT NULL,
	"trx_type" text NOT NULL,
	"amount_minor" bigint,
	"currency" text DEFAULT 'IDR' NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"additional_info" jsonb,
	"paid_amount_minor" bigint,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "methods" ADD CONSTRAINT "methods_group_id_method_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."method_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_link_id_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_expires_idx" ON "access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_partner_ref_uq" ON "payment_links" USING btree ("partner_id","partner_reference_no");--> statement-breakpoint
CREATE INDEX "payment_links_partner_created_idx" ON "payment_links" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_active_per_link_uq" ON "payments" USING btree ("link_id") WHERE status = 'active' and link_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_paid_per_link_uq" ON "payments" USING btree ("link_id") WHERE status = 'paid' and link_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_uq" ON "payments" USING btree ("group_id","reference_no");--> statement-breakpoint
CREATE INDEX "payments_partner_created_idx" ON "payments" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_standalone_ref_uq" ON "qr_codes" USING btree ("partner_id","partner_reference_no") WHERE payment_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_no_uq" ON "virtual_accounts" USING btree ("virtual_account_no");