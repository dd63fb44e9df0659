CREATE TABLE "song_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"title" text NOT NULL,
	"username" text NOT NULL,
	"media_id" integer,
	"sample_request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "song_requests" ADD CONSTRAINT "song_requests_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_requests_recent_idx" ON "song_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "song_requests_media_idx" ON "song_requests" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "song_requests_video_idx" ON "song_requests" USING btree ("video_id");