ALTER TABLE "playback_revocations" ADD COLUMN "moves" integer;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "moves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "streams_session_open_idx" ON "streams" USING btree ("session_id") WHERE "streams"."ended_at" IS NULL;--> statement-breakpoint
-- data migration (hand-written)
-- A stream belongs to the sign-in session that opened it (decision 400): when that session ends
-- (sign-out through POST /oauth2/revoke, a password change, a replayed refresh token, the
-- device signed out, the account deleted), its streams end in the same transaction, and the
-- streams trigger of 0017 logs each as closed, so every replica refuses their tokens within
-- seconds (decisions 151, 355). A trigger, like 0017's: no path that ends a session can forget.
CREATE FUNCTION session_revoked_ends_streams() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE streams SET ended_at = NEW.revoked_at
    WHERE session_id = NEW.id AND ended_at IS NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER refresh_family_revoked_ends_streams AFTER UPDATE OF revoked_at ON refresh_families
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION session_revoked_ends_streams();
--> statement-breakpoint
-- A renewal from another network block moves the stream there (decision 401): its move count
-- goes up and the tokens issued before the move (which carry the old count) are refused.
CREATE FUNCTION stream_moved_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO playback_revocations (kind, user_id, vidict_id, stream_id, moves)
    VALUES ('stream-moved', NEW.user_id, NEW.vidict_id, NEW.id, NEW.moves);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER streams_moved_revokes AFTER UPDATE OF moves ON streams
  FOR EACH ROW WHEN (NEW.moves > OLD.moves AND NEW.ended_at IS NULL)
  EXECUTE FUNCTION stream_moved_log();
