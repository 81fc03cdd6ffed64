CREATE TABLE "catalog_follow_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"remind_followed" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_follows" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalog_follows_user_id_kind_target_pk" PRIMARY KEY("user_id","kind","target"),
	CONSTRAINT "catalog_follows_kind" CHECK (kind IN ('team', 'league'))
);
--> statement-breakpoint
CREATE TABLE "catalog_reminders" (
	"user_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"dropped_at" timestamp with time zone,
	"dropped_reason" text,
	CONSTRAINT "catalog_reminders_user_id_event_id_pk" PRIMARY KEY("user_id","event_id"),
	CONSTRAINT "catalog_reminders_source" CHECK (source IN ('asked', 'followed'))
);
--> statement-breakpoint
ALTER TABLE "catalog_follow_settings" ADD CONSTRAINT "catalog_follow_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_follows" ADD CONSTRAINT "catalog_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_reminders" ADD CONSTRAINT "catalog_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_reminders" ADD CONSTRAINT "catalog_reminders_event_id_catalog_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."catalog_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_follows_target_idx" ON "catalog_follows" USING btree ("kind","target");--> statement-breakpoint
CREATE INDEX "catalog_reminders_pending_idx" ON "catalog_reminders" USING btree ("event_id") WHERE sent_at IS NULL AND dropped_at IS NULL;