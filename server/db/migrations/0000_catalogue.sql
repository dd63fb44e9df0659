CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "clips" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote_id" text NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"thumbnail" text,
	"link_url" text NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"unavailable" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"creator_name" text NOT NULL,
	"stream_id" integer,
	"stream_timestamp" integer
);
--> statement-breakpoint
CREATE TABLE "daily_songs" (
	"day" date PRIMARY KEY NOT NULL,
	"media_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_status" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"title" text,
	"started_at" timestamp with time zone,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote_id" text NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"thumbnail" text,
	"link_url" text NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"unavailable" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"stream_id" integer,
	"stream_timestamp" integer,
	"lyrics" text,
	"lyrics_vector" "tsvector"
);
--> statement-breakpoint
CREATE TABLE "playlist_items" (
	"playlist_id" integer NOT NULL,
	"position" integer NOT NULL,
	"media_id" integer NOT NULL,
	CONSTRAINT "playlist_items_playlist_id_position_pk" PRIMARY KEY("playlist_id","position")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote_id" text NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"thumbnail" text,
	"link_url" text NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"unavailable" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"stream_id" integer,
	"media_count" integer DEFAULT 0 NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote_id" text NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"thumbnail" text,
	"link_url" text NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"unavailable" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_songs" ADD CONSTRAINT "daily_songs_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clips_provider_remote_uq" ON "clips" USING btree ("provider","remote_id");--> statement-breakpoint
CREATE INDEX "clips_uploaded_idx" ON "clips" USING btree ("uploaded_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clips_views_idx" ON "clips" USING btree ("views" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clips_stream_idx" ON "clips" USING btree ("stream_id");--> statement-breakpoint
CREATE INDEX "clips_creator_idx" ON "clips" USING btree (lower("creator_name"));--> statement-breakpoint
CREATE INDEX "clips_tags_idx" ON "clips" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "clips_search_idx" ON "clips" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "clips_name_trgm_idx" ON "clips" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "media_provider_remote_uq" ON "media" USING btree ("provider","remote_id");--> statement-breakpoint
CREATE INDEX "media_uploaded_idx" ON "media" USING btree ("uploaded_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_views_idx" ON "media" USING btree ("views" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_stream_idx" ON "media" USING btree ("stream_id");--> statement-breakpoint
CREATE INDEX "media_tags_idx" ON "media" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "media_search_idx" ON "media" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "media_lyrics_idx" ON "media" USING gin ("lyrics_vector");--> statement-breakpoint
CREATE INDEX "media_name_trgm_idx" ON "media" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "playlist_items_media_idx" ON "playlist_items" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_provider_remote_uq" ON "playlists" USING btree ("provider","remote_id");--> statement-breakpoint
CREATE INDEX "playlists_type_updated_idx" ON "playlists" USING btree ("type","last_updated" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "playlists_updated_idx" ON "playlists" USING btree ("last_updated" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "playlists_stream_idx" ON "playlists" USING btree ("stream_id");--> statement-breakpoint
CREATE INDEX "playlists_tags_idx" ON "playlists" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "playlists_search_idx" ON "playlists" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "playlists_name_trgm_idx" ON "playlists" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "streams_provider_remote_uq" ON "streams" USING btree ("provider","remote_id");--> statement-breakpoint
CREATE INDEX "streams_uploaded_idx" ON "streams" USING btree ("uploaded_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "streams_views_idx" ON "streams" USING btree ("views" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "streams_tags_idx" ON "streams" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "streams_search_idx" ON "streams" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "streams_name_trgm_idx" ON "streams" USING gin ("name" gin_trgm_ops);