CREATE TABLE "lifecycle_mail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"to" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped_reason" text
);
--> statement-breakpoint
ALTER TABLE "lifecycle_mail" ADD CONSTRAINT "lifecycle_mail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lifecycle_mail_dedupe_key" ON "lifecycle_mail" USING btree ("kind","dedupe_key");--> statement-breakpoint
CREATE INDEX "lifecycle_mail_user_idx" ON "lifecycle_mail" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "lifecycle_mail_pending_idx" ON "lifecycle_mail" USING btree ("created_at") WHERE "lifecycle_mail"."sent_at" IS NULL AND "lifecycle_mail"."skipped_reason" IS NULL;