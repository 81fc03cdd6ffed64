CREATE TABLE "deleted_accounts" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	"forget_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"prefix" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_system" text NOT NULL,
	"failure_code" text NOT NULL,
	"failure_message" text,
	"card_brand" text,
	"card_last4" text,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_system" text NOT NULL,
	"provider_reference" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tax_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tax_region" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "card_brand" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD COLUMN "card_brand" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_dedupe_key" ON "payment_attempts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "payment_attempts_user_idx" ON "payment_attempts" USING btree ("user_id","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_reference_key" ON "refunds" USING btree ("payment_system","provider_reference");--> statement-breakpoint
CREATE INDEX "refunds_user_idx" ON "refunds" USING btree ("user_id","refunded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_number_key" ON "payments" USING btree ("invoice_number");--> statement-breakpoint
-- data migration (hand-written)
-- The ledger's new tables are append-only like payments (decision 091): a correction is a row.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is an append-only ledger: % is not allowed', TG_TABLE_NAME, TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_attempts_append_only BEFORE UPDATE OR DELETE ON payment_attempts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER refunds_append_only BEFORE UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Every sandbox test card is a Visa: the cards that paid, and the cards saved, were Visas.
UPDATE sandbox_charges SET card_brand = 'visa' WHERE status = 'succeeded';
--> statement-breakpoint
UPDATE sandbox_payment_methods SET card_brand = 'visa';
--> statement-breakpoint
-- Payments made before invoices get numbers in the CRS series in the order they were paid
-- (decision 300) and the card the sandbox recorded; their tax lines stay null (issued before
-- tax was itemised: the receipt says so). The one sanctioned edit of the append-only ledger.
ALTER TABLE payments DISABLE TRIGGER payments_append_only;
--> statement-breakpoint
UPDATE payments p SET invoice_number = 'CRS-' || lpad(n.seq::text, 6, '0')
  FROM (SELECT id, row_number() OVER (ORDER BY paid_at, id) AS seq FROM payments) n
  WHERE p.id = n.id;
--> statement-breakpoint
UPDATE payments p SET card_brand = c.card_brand, card_last4 = c.card_last4
  FROM sandbox_charges c WHERE p.payment_system = 'SANDBOX' AND c.id = p.provider_reference;
--> statement-breakpoint
UPDATE payments p SET card_brand = m.card_brand, card_last4 = m.card_last4
  FROM sandbox_off_session_charges o JOIN sandbox_payment_methods m ON m.id = o.payment_method_id
  WHERE p.payment_system = 'SANDBOX' AND o.id = p.provider_reference;
--> statement-breakpoint
ALTER TABLE payments ENABLE TRIGGER payments_append_only;
--> statement-breakpoint
INSERT INTO invoice_series (prefix, last_number)
  SELECT 'CRS', count(*) FROM payments HAVING count(*) > 0;
