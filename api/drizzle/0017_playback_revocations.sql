CREATE TABLE "playback_revocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"vidict_id" text NOT NULL,
	"stream_id" uuid,
	"logged_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "playback_revocations_txid_idx" ON "playback_revocations" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "playback_revocations_logged_idx" ON "playback_revocations" USING btree ("logged_at");--> statement-breakpoint
-- data migration (hand-written)
-- Playback revocations are written by the database itself (decision 355): whatever code path
-- closes a stream, deletes an open one (housekeeping, a cascade) or removes a device, the row is
-- logged in the same transaction, so no path can forget it.
CREATE FUNCTION playback_revocations_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'streams' THEN
    INSERT INTO playback_revocations (kind, user_id, vidict_id, stream_id)
      VALUES ('stream-closed', OLD.user_id, OLD.vidict_id, OLD.id);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO playback_revocations (kind, user_id, vidict_id)
      VALUES ('device-signed-out', OLD.user_id, OLD.vidict_id);
  ELSE
    INSERT INTO playback_revocations (kind, user_id, vidict_id)
      VALUES ('device-registered', NEW.user_id, NEW.vidict_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER streams_closed_revokes AFTER UPDATE OF ended_at ON streams
  FOR EACH ROW WHEN (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL)
  EXECUTE FUNCTION playback_revocations_log();
--> statement-breakpoint
CREATE TRIGGER streams_deleted_open_revokes AFTER DELETE ON streams
  FOR EACH ROW WHEN (OLD.ended_at IS NULL)
  EXECUTE FUNCTION playback_revocations_log();
--> statement-breakpoint
CREATE TRIGGER devices_removed_revokes AFTER DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION playback_revocations_log();
--> statement-breakpoint
CREATE TRIGGER devices_registered_restores AFTER INSERT ON devices
  FOR EACH ROW EXECUTE FUNCTION playback_revocations_log();
