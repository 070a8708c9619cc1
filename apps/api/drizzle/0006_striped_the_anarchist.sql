CREATE TABLE "site_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"owner_kind" text DEFAULT 'USER' NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"method" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_check_method" text,
	"last_check_ok" boolean,
	"last_check_message" text,
	"next_check_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "claim_id" uuid;--> statement-breakpoint
ALTER TABLE "site_claims" ADD CONSTRAINT "site_claims_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_claims" ADD CONSTRAINT "site_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_claims_site_user_key" ON "site_claims" USING btree ("site_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_claims_token_key" ON "site_claims" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "site_claims_one_verified_key" ON "site_claims" USING btree ("site_id") WHERE "site_claims"."status" = 'VERIFIED';--> statement-breakpoint
CREATE INDEX "site_claims_user_idx" ON "site_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "site_claims_due_idx" ON "site_claims" USING btree ("next_check_at") WHERE "site_claims"."next_check_at" is not null;