CREATE TABLE "discord_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"song_request_id" integer,
	"event" text NOT NULL,
	"body" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "song_request_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"song_request_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" integer,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flip_requests" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "sample_requests" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "song_requests" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "song_requests" ADD COLUMN "reject_reason_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "song_requests" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "discord_outbox" ADD CONSTRAINT "discord_outbox_song_request_id_song_requests_id_fk" FOREIGN KEY ("song_request_id") REFERENCES "public"."song_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_request_transitions" ADD CONSTRAINT "song_request_transitions_song_request_id_song_requests_id_fk" FOREIGN KEY ("song_request_id") REFERENCES "public"."song_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_request_transitions" ADD CONSTRAINT "song_request_transitions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discord_outbox_request_event_idx" ON "discord_outbox" USING btree ("song_request_id","event");--> statement-breakpoint
CREATE INDEX "discord_outbox_due_idx" ON "discord_outbox" USING btree ("next_attempt_at") WHERE sent_at IS NULL AND failed_at IS NULL;--> statement-breakpoint
CREATE INDEX "song_request_transitions_request_idx" ON "song_request_transitions" USING btree ("song_request_id","id");--> statement-breakpoint
CREATE INDEX "song_requests_open_idx" ON "song_requests" USING btree ("state") WHERE state IN ('held', 'queued', 'playing', 'rejected', 'refund_failed');--> statement-breakpoint
-- Samples paid before the lifecycle went straight to the player: they have been played.
UPDATE "song_requests" SET "state" = 'played' WHERE "sample_request_id" IS NOT NULL AND "state" = 'queued';
