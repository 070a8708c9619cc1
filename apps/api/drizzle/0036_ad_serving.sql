CREATE TABLE "ad_clicks" (
	"decision_id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creative_id" uuid NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"site_domain" text NOT NULL,
	"site_page_id" uuid,
	"viewer_key" text NOT NULL,
	"country" text,
	"price_micros" bigint NOT NULL,
	"billed" boolean NOT NULL,
	"not_billed_reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_clicks_billed_check" CHECK ("ad_clicks"."billed" = ("ad_clicks"."not_billed_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "ad_hidden" (
	"viewer_key" text NOT NULL,
	"creative_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_hidden_pkey" PRIMARY KEY("viewer_key","creative_id")
);
--> statement-breakpoint
CREATE TABLE "ad_impressions" (
	"decision_id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creative_id" uuid NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"site_domain" text NOT NULL,
	"site_page_id" uuid,
	"viewer_key" text NOT NULL,
	"country" text,
	"price_micros" bigint NOT NULL,
	"billed" boolean NOT NULL,
	"not_billed_reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_impressions_billed_check" CHECK ("ad_impressions"."billed" = ("ad_impressions"."not_billed_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "ad_invalid_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"reason" text NOT NULL,
	"decision_id" uuid,
	"campaign_id" uuid,
	"ad_account_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creative_id" uuid NOT NULL,
	"campaign_id" uuid,
	"viewer_key" text NOT NULL,
	"user_id" uuid,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_campaigns" DROP CONSTRAINT "ad_campaigns_hold_not_negative";--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "hold_day" date;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "settled_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_clicks" ADD CONSTRAINT "ad_clicks_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_clicks" ADD CONSTRAINT "ad_clicks_creative_id_ad_creatives_id_fk" FOREIGN KEY ("creative_id") REFERENCES "public"."ad_creatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_clicks" ADD CONSTRAINT "ad_clicks_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_hidden" ADD CONSTRAINT "ad_hidden_creative_id_ad_creatives_id_fk" FOREIGN KEY ("creative_id") REFERENCES "public"."ad_creatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_creative_id_ad_creatives_id_fk" FOREIGN KEY ("creative_id") REFERENCES "public"."ad_creatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_creative_id_ad_creatives_id_fk" FOREIGN KEY ("creative_id") REFERENCES "public"."ad_creatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_clicks_campaign_idx" ON "ad_clicks" USING btree ("campaign_id","at");--> statement-breakpoint
CREATE INDEX "ad_impressions_campaign_idx" ON "ad_impressions" USING btree ("campaign_id","at");--> statement-breakpoint
CREATE INDEX "ad_impressions_viewer_idx" ON "ad_impressions" USING btree ("viewer_key","at");--> statement-breakpoint
CREATE INDEX "ad_invalid_events_at_idx" ON "ad_invalid_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ad_invalid_events_account_idx" ON "ad_invalid_events" USING btree ("ad_account_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_reports_viewer_key" ON "ad_reports" USING btree ("viewer_key","creative_id");--> statement-breakpoint
CREATE INDEX "ad_reports_creative_idx" ON "ad_reports" USING btree ("creative_id","at");--> statement-breakpoint
ALTER TABLE "ad_campaigns" DROP COLUMN "hold_minor";--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_hold_not_negative" CHECK ("ad_campaigns"."hold_remaining_micros" >= 0);