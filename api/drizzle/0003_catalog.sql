CREATE TABLE "catalog_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"entity_id" text NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_event_timeline" (
	"event_id" text NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"state" jsonb NOT NULL,
	CONSTRAINT "catalog_event_timeline_event_id_seq_pk" PRIMARY KEY("event_id","seq")
);
--> statement-breakpoint
CREATE TABLE "catalog_events" (
	"id" text PRIMARY KEY NOT NULL,
	"league_id" text NOT NULL,
	"title" text NOT NULL,
	"teams" jsonb NOT NULL,
	"venue" jsonb NOT NULL,
	"format" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"estimated_end" timestamp with time zone NOT NULL,
	"channel_id" text NOT NULL,
	"status" text NOT NULL,
	"play_state" text,
	"toss" jsonb,
	"innings" jsonb NOT NULL,
	"result" text,
	"event_status" text NOT NULL,
	"state_seq" integer NOT NULL,
	"demo_driven" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalog_events_status" CHECK (status IN ('scheduled', 'live', 'completed', 'abandoned', 'cancelled', 'postponed')),
	CONSTRAINT "catalog_events_event_status" CHECK (event_status IN ('not_started', 'live', 'ended')),
	CONSTRAINT "catalog_events_format" CHECK (format IN ('t20', 'odi', 'test', 'the_hundred', 't10', 'first_class')),
	CONSTRAINT "catalog_events_play_state" CHECK ((status = 'live') = (play_state IS NOT NULL) AND (play_state IS NULL OR play_state IN ('in_play', 'innings_break', 'rain_delay', 'bad_light', 'drinks', 'lunch', 'tea', 'stumps'))),
	CONSTRAINT "catalog_events_times" CHECK (estimated_end > start_time)
);
--> statement-breakpoint
CREATE TABLE "catalog_leagues" (
	"id" text PRIMARY KEY NOT NULL,
	"caption" text NOT NULL,
	"description" text NOT NULL,
	"logo" text NOT NULL,
	"logo_alt_text" text NOT NULL,
	"application" text NOT NULL,
	"status" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalog_leagues_status" CHECK (status IN ('upcoming', 'in_progress', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "catalog_event_timeline" ADD CONSTRAINT "catalog_event_timeline_event_id_catalog_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."catalog_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_events" ADD CONSTRAINT "catalog_events_league_id_catalog_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."catalog_leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_audit_entity_idx" ON "catalog_audit" USING btree ("entity_id","id");--> statement-breakpoint
CREATE INDEX "catalog_events_start_idx" ON "catalog_events" USING btree ("start_time","id");--> statement-breakpoint
CREATE INDEX "catalog_events_league_start_idx" ON "catalog_events" USING btree ("league_id","start_time","id");--> statement-breakpoint
CREATE INDEX "catalog_events_status_start_idx" ON "catalog_events" USING btree ("status","start_time","id");--> statement-breakpoint
CREATE INDEX "catalog_events_demo_idx" ON "catalog_events" USING btree ("demo_driven","start_time");