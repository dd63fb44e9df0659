DROP INDEX "clips_uploaded_idx";--> statement-breakpoint
DROP INDEX "clips_views_idx";--> statement-breakpoint
DROP INDEX "media_uploaded_idx";--> statement-breakpoint
DROP INDEX "media_views_idx";--> statement-breakpoint
DROP INDEX "playlists_type_updated_idx";--> statement-breakpoint
DROP INDEX "playlists_updated_idx";--> statement-breakpoint
DROP INDEX "streams_uploaded_idx";--> statement-breakpoint
DROP INDEX "streams_views_idx";--> statement-breakpoint
CREATE INDEX "clips_uploaded_idx" ON "clips" USING btree ("uploaded_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "clips_views_idx" ON "clips" USING btree ("views" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_uploaded_idx" ON "media" USING btree ("uploaded_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_views_idx" ON "media" USING btree ("views" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "playlists_type_updated_idx" ON "playlists" USING btree ("type","last_updated" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "playlists_updated_idx" ON "playlists" USING btree ("last_updated" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "streams_uploaded_idx" ON "streams" USING btree ("uploaded_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "streams_views_idx" ON "streams" USING btree ("views" DESC NULLS FIRST,"id" DESC NULLS FIRST);