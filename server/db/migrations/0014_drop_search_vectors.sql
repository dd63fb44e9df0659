-- Search matches and ranks in memory (server/search): nothing reads the full-text vectors or the
-- trigram indexes on names any more, and every sync write still paid to keep them. The triggers go
-- first (they write the columns), then their functions, the indexes and the columns. pg_trgm stays.
DROP TRIGGER IF EXISTS "media_search_vectors" ON "media";--> statement-breakpoint
DROP TRIGGER IF EXISTS "streams_search_vector" ON "streams";--> statement-breakpoint
DROP TRIGGER IF EXISTS "playlists_search_vector" ON "playlists";--> statement-breakpoint
DROP TRIGGER IF EXISTS "clips_search_vector" ON "clips";--> statement-breakpoint
DROP FUNCTION IF EXISTS set_media_search_vectors();--> statement-breakpoint
DROP FUNCTION IF EXISTS set_catalogue_search_vector();--> statement-breakpoint
DROP FUNCTION IF EXISTS catalogue_search_vector(text, integer[]);--> statement-breakpoint
DROP INDEX IF EXISTS "clips_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "clips_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "media_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "media_lyrics_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "media_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "playlists_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "playlists_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "streams_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "streams_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "clips" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "media" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "media" DROP COLUMN "lyrics_vector";--> statement-breakpoint
ALTER TABLE "playlists" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "streams" DROP COLUMN "search_vector";