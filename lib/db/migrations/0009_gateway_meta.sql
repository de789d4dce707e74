CREATE TABLE "gateway_meta" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Until now every database with partners was seeded by the sandbox (production seeded it too):
-- mark it, so production refuses to start on it.
INSERT INTO "gateway_meta" ("name", "value") SELECT 'seed', 'sandbox' WHERE EXISTS (SELECT 1 FROM "partners");
--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "refunded_at" timestamp with time zone;
