CREATE TABLE "streams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"vidict_id" text NOT NULL,
	"event_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"bitrate_name" text NOT NULL,
	"metered" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"last_metered_at" timestamp with time zone NOT NULL,
	"last_sequence" integer DEFAULT -1 NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_metered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "streams_user_open_idx" ON "streams" USING btree ("user_id","lease_until") WHERE "streams"."ended_at" IS NULL;