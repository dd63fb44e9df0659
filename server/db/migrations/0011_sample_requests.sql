CREATE TABLE "sample_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"sid" text NOT NULL,
	"username" text NOT NULL,
	"user_id" integer,
	"mime_type" text NOT NULL,
	"audio" "bytea" NOT NULL,
	"duration_ms" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"replays" integer DEFAULT 0 NOT NULL,
	"replayed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sample_requests" ADD CONSTRAINT "sample_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sample_requests_sid_idx" ON "sample_requests" USING btree ("sid");--> statement-breakpoint
CREATE INDEX "sample_requests_paid_idx" ON "sample_requests" USING btree ("state","paid_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "song_requests_sample_request_idx" ON "song_requests" USING btree ("sample_request_id");