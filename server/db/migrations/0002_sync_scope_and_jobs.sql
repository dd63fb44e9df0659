CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"report" jsonb,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "sync_scope" text;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "thumbnail_source" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "sync_scope" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "thumbnail_source" text;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "sync_scope" text;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "thumbnail_source" text;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "sync_scope" text;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "thumbnail_source" text;