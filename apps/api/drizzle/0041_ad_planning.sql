CREATE TABLE "ad_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"input" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_request_samples" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"weight" integer NOT NULL,
	"normalized_url" text NOT NULL,
	"host" text NOT NULL,
	"site_page_id" uuid,
	"viewer_key" text NOT NULL,
	"user_id" uuid,
	"country" text,
	"lat" double precision,
	"lng" double precision,
	CONSTRAINT "ad_request_samples_weight_check" CHECK ("ad_request_samples"."weight" > 0)
);
--> statement-breakpoint
ALTER TABLE "ad_plans" ADD CONSTRAINT "ad_plans_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_plans_account_idx" ON "ad_plans" USING btree ("ad_account_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_request_samples_at_idx" ON "ad_request_samples" USING btree ("at");