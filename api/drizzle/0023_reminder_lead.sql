ALTER TABLE "catalog_follow_settings" ADD COLUMN "remind_before_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_follow_settings" ADD COLUMN "time_zone" text;