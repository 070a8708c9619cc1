CREATE TABLE "ad_conversions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"click_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creative_id" uuid NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"site_domain" text NOT NULL,
	"country" text,
	"source" text NOT NULL,
	"value_micros" bigint,
	"clicked_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD COLUMN "conversion_secret" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD COLUMN "conversion_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_conversions" ADD CONSTRAINT "ad_conversions_click_id_ad_clicks_decision_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."ad_clicks"("decision_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_conversions" ADD CONSTRAINT "ad_conversions_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_conversions" ADD CONSTRAINT "ad_conversions_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_conversions_click_key" ON "ad_conversions" USING btree ("click_id");--> statement-breakpoint
CREATE INDEX "ad_conversions_account_idx" ON "ad_conversions" USING btree ("ad_account_id","at");--> statement-breakpoint
CREATE INDEX "ad_conversions_campaign_idx" ON "ad_conversions" USING btree ("campaign_id","at");--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_conversion_window" CHECK ("ad_accounts"."conversion_window_days" between 1 and 90);