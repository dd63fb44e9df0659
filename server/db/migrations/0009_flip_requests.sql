CREATE TABLE "flip_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"flip_request_id" integer NOT NULL,
	"song_request_id" integer NOT NULL,
	"state" text NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flip_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"sid" text NOT NULL,
	"video_id" text NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"thumbnail_url" text,
	"username" text NOT NULL,
	"user_id" integer,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_features" (
	"name" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "song_requests" ADD COLUMN "flip_request_id" integer;--> statement-breakpoint
ALTER TABLE "song_requests" ADD COLUMN "state" text DEFAULT 'played' NOT NULL;--> statement-breakpoint
ALTER TABLE "flip_queue" ADD CONSTRAINT "flip_queue_flip_request_id_flip_requests_id_fk" FOREIGN KEY ("flip_request_id") REFERENCES "public"."flip_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flip_queue" ADD CONSTRAINT "flip_queue_song_request_id_song_requests_id_fk" FOREIGN KEY ("song_request_id") REFERENCES "public"."song_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flip_requests" ADD CONSTRAINT "flip_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flip_queue_flip_request_idx" ON "flip_queue" USING btree ("flip_request_id");--> statement-breakpoint
CREATE INDEX "flip_queue_order_idx" ON "flip_queue" USING btree ("state","queued_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "flip_requests_sid_idx" ON "flip_requests" USING btree ("sid");--> statement-breakpoint
ALTER TABLE "song_requests" ADD CONSTRAINT "song_requests_flip_request_id_flip_requests_id_fk" FOREIGN KEY ("flip_request_id") REFERENCES "public"."flip_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "song_requests_flip_request_idx" ON "song_requests" USING btree ("flip_request_id");