CREATE TABLE "pass_orders" (
	"checkout_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"event_id" text,
	"league_id" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed" boolean DEFAULT false NOT NULL,
	"payment_id" uuid,
	CONSTRAINT "pass_orders_scope" CHECK ("pass_orders"."scope" IN ('MATCH', 'SEASON')),
	CONSTRAINT "pass_orders_target" CHECK (("pass_orders"."scope" = 'MATCH') = ("pass_orders"."event_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "pass_orders" ADD CONSTRAINT "pass_orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_orders" ADD CONSTRAINT "pass_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_orders" ADD CONSTRAINT "pass_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pass_orders_payment_key" ON "pass_orders" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "pass_orders_user_event_idx" ON "pass_orders" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "pass_orders_user_league_idx" ON "pass_orders" USING btree ("user_id","league_id");