-- Hand-written: pending duplicates made before this index (racing requests) are closed as rejected, keeping the oldest of each.
UPDATE "playlist_requests" AS "later" SET "status" = 'rejected', "decided_at" = now(), "updated_at" = now()
WHERE "later"."status" = 'pending' AND EXISTS (
  SELECT 1 FROM "playlist_requests" AS "earlier"
  WHERE "earlier"."status" = 'pending' AND "earlier"."id" < "later"."id"
    AND (("later"."playlist_id" IS NOT NULL AND "earlier"."playlist_id" = "later"."playlist_id")
      OR ("later"."playlist_id" IS NULL AND "earlier"."playlist_id" IS NULL AND "earlier"."remote_id" = "later"."remote_id"))
);--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_requests_open_refresh_idx" ON "playlist_requests" USING btree ("playlist_id") WHERE "playlist_requests"."status" IN ('pending', 'importing') AND "playlist_requests"."playlist_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_requests_open_submission_idx" ON "playlist_requests" USING btree ("remote_id") WHERE "playlist_requests"."status" IN ('pending', 'importing') AND "playlist_requests"."playlist_id" IS NULL;