ALTER TABLE "catalog_event_timeline" ADD COLUMN "commentary" text;--> statement-breakpoint
ALTER TABLE "catalog_event_timeline" ADD COLUMN "moment" jsonb;