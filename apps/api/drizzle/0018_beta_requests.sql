CREATE TABLE "beta_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"key_hash" text,
	"key_expires_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "beta_requests" ADD CONSTRAINT "beta_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beta_requests_email_idx" ON "beta_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "beta_requests_key_idx" ON "beta_requests" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "beta_requests_status_idx" ON "beta_requests" USING btree ("status","created_at");