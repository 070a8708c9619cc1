ALTER TABLE "ad_invalid_events" ADD COLUMN "creative_id" uuid;--> statement-breakpoint
ALTER TABLE "ad_invalid_events" ADD COLUMN "site_domain" text;--> statement-breakpoint
ALTER TABLE "ad_invalid_events" ADD COLUMN "country" text;--> statement-breakpoint
CREATE INDEX "ad_clicks_account_idx" ON "ad_clicks" USING btree ("ad_account_id","at");--> statement-breakpoint
CREATE INDEX "ad_impressions_account_idx" ON "ad_impressions" USING btree ("ad_account_id","at");