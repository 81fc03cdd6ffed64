CREATE TABLE "scoring_actions" (
	"event_id" text NOT NULL,
	"seq" integer NOT NULL,
	"ball_id" text NOT NULL,
	"action" jsonb NOT NULL,
	"picture_time" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"timeline_seq" integer NOT NULL,
	"undone_by" integer,
	CONSTRAINT "scoring_actions_event_id_seq_pk" PRIMARY KEY("event_id","seq")
);
--> statement-breakpoint
ALTER TABLE "scoring_actions" ADD CONSTRAINT "scoring_actions_event_id_catalog_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."catalog_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_actions_ball_idx" ON "scoring_actions" USING btree ("event_id","ball_id");--> statement-breakpoint
CREATE INDEX "scoring_actions_standing_idx" ON "scoring_actions" USING btree ("event_id","undone_by");