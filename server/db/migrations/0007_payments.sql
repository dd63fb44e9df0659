CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"request_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"paypal_order_id" text NOT NULL,
	"paypal_capture_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"declines" integer DEFAULT 0 NOT NULL,
	"captured_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_paypal_order_id_unique" UNIQUE("paypal_order_id"),
	CONSTRAINT "payments_paypal_capture_id_unique" UNIQUE("paypal_capture_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_live_request_idx" ON "payments" USING btree ("kind","request_ref") WHERE status IN ('created', 'approved', 'declined', 'captured');--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("updated_at") WHERE status IN ('created', 'approved', 'declined');