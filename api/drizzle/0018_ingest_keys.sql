CREATE TABLE "ingest_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"channel_id" text NOT NULL,
	"key_id" uuid NOT NULL,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"role" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"publisher_id" text,
	"publisher_lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "ingest_audit_channel_idx" ON "ingest_audit" USING btree ("channel_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ingest_keys_hash_idx" ON "ingest_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "ingest_keys_channel_idx" ON "ingest_keys" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "ingest_keys_live_channel_idx" ON "ingest_keys" USING btree ("channel_id") WHERE "ingest_keys"."revoked_at" IS NULL;