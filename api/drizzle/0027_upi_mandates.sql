CREATE TABLE "mandate_debit_notices" (
	"charge_key" text PRIMARY KEY NOT NULL,
	"mandate_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"debit_at" timestamp with time zone NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_system" text NOT NULL,
	"status" text NOT NULL,
	"vpa" text,
	"max_amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mandate_debits" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"mandate_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"vpa" text NOT NULL,
	"status" text NOT NULL,
	"max_amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "vpa" text;--> statement-breakpoint
ALTER TABLE "mandate_debit_notices" ADD CONSTRAINT "mandate_debit_notices_mandate_id_payment_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."payment_mandates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_debit_notices" ADD CONSTRAINT "mandate_debit_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandates" ADD CONSTRAINT "payment_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_mandate_debits" ADD CONSTRAINT "sandbox_mandate_debits_mandate_id_sandbox_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sandbox_mandates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_mandates" ADD CONSTRAINT "sandbox_mandates_session_id_sandbox_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sandbox_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mandate_debit_notices_token_key" ON "mandate_debit_notices" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE INDEX "mandate_debit_notices_unused_idx" ON "mandate_debit_notices" USING btree ("user_id") WHERE "mandate_debit_notices"."used_at" IS NULL;--> statement-breakpoint
CREATE INDEX "payment_mandates_user_idx" ON "payment_mandates" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_mandate_debits_key" ON "sandbox_mandate_debits" USING btree ("idempotency_key");