ALTER TABLE "song_requests" ADD COLUMN "played_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "song_requests" ADD COLUMN "live_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "song_requests_played_idx" ON "song_requests" USING btree ("played_at" DESC NULLS LAST) WHERE played_at IS NOT NULL;--> statement-breakpoint
-- Requests played before the receipt: when they first played, from the audit trail (rows older than it stay null).
UPDATE "song_requests" AS r SET "played_at" = t.first_play
FROM (
  SELECT "song_request_id", min("at") AS first_play FROM "song_request_transitions"
  WHERE "to_state" IN ('playing', 'played') GROUP BY "song_request_id"
) AS t
WHERE r."id" = t."song_request_id";
