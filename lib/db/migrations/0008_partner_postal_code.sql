-- The merchant's postal code, written into QRIS tag 61 (docs/contract.md §2.7). Existing partners get
-- the sandbox default (10110, Jakarta Pusat); five digits, as Indonesian postal codes are.
ALTER TABLE "partners" ADD COLUMN "postal_code" text DEFAULT '10110' NOT NULL;
--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_postal_code_5_digits" CHECK ("postal_code" ~ '^[0-9]{5}$');
