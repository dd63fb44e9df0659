CREATE TABLE "radio_votes" (
	"play_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radio_votes_play_id_user_id_pk" PRIMARY KEY("play_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "radio_listeners" ADD COLUMN "user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "radio_plays" ADD COLUMN "reactions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "radio_votes" ADD CONSTRAINT "radio_votes_play_id_radio_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."radio_plays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_votes" ADD CONSTRAINT "radio_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;