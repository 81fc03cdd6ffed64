CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_key" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_charge_idx" ON "sandbox_refunds" USING btree ("charge_id");--> statement-breakpoint
-- data migration (hand-written)
-- The ledger stays append-only (decision 091) except for its end of life (decision 352): a DELETE
-- is let through only for a row older than the cutoff its transaction names with
-- crease.ledger_purge_before (billing/ledger/retention.ts). TG_ARGV[0] is the row's date column.
CREATE FUNCTION ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  purge_before text := current_setting('crease.ledger_purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(purge_before, '') <> ''
     AND (to_jsonb(OLD) ->> TG_ARGV[0])::timestamptz < purge_before::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is an append-only ledger: % is not allowed', TG_TABLE_NAME, TG_OP;
END;
$$;
--> statement-breakpoint
DROP TRIGGER payments_append_only ON payments;
--> statement-breakpoint
CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION ledger_guard('paid_at');
--> statement-breakpoint
DROP TRIGGER payment_attempts_append_only ON payment_attempts;
--> statement-breakpoint
CREATE TRIGGER payment_attempts_append_only BEFORE UPDATE OR DELETE ON payment_attempts
  FOR EACH ROW EXECUTE FUNCTION ledger_guard('attempted_at');
--> statement-breakpoint
DROP TRIGGER refunds_append_only ON refunds;
--> statement-breakpoint
CREATE TRIGGER refunds_append_only BEFORE UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION ledger_guard('refunded_at');
--> statement-breakpoint
DROP FUNCTION payments_refuse_change();
--> statement-breakpoint
DROP FUNCTION ledger_refuse_change();
