ALTER TABLE "streams" ADD COLUMN "stopped_by" text;--> statement-breakpoint
CREATE INDEX "devices_last_seen_idx" ON "devices" USING btree ("last_seen_at");