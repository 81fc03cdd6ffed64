-- The payments ledger is append-only (decision 091): a correction is a new row, never an edit.
-- Hand-written (drizzle-kit generate --custom): keep it when migrations are regenerated.
CREATE FUNCTION payments_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payments is an append-only ledger: % is not allowed', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_refuse_change();
