CREATE TABLE "radio_listeners" (
	"instance" text NOT NULL,
	"station" text NOT NULL,
	"count" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radio_listeners_instance_station_pk" PRIMARY KEY("instance","station")
);
--> statement-breakpoint
CREATE TABLE "radio_plays" (
	"id" serial PRIMARY KEY NOT NULL,
	"station" text NOT NULL,
	"cycle" integer NOT NULL,
	"media_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "radio_stations" (
	"station" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"play_id" integer,
	"ends_at" timestamp with time zone,
	"cycle" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "embeddable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "radio_plays" ADD CONSTRAINT "radio_plays_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_stations" ADD CONSTRAINT "radio_stations_play_id_radio_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."radio_plays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "radio_plays_station_idx" ON "radio_plays" USING btree ("station","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "radio_plays_cycle_idx" ON "radio_plays" USING btree ("station","cycle","media_id");--> statement-breakpoint
CREATE INDEX "media_radio_playable_idx" ON "media" USING btree ("id","duration") WHERE "media"."unavailable" = false AND "media"."embeddable" AND "media"."duration" > 0;