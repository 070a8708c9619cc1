CREATE TABLE "ad_bid_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"old_bid_micros" bigint NOT NULL,
	"new_bid_micros" bigint NOT NULL,
	"reason" text NOT NULL,
	"window_from" timestamp with time zone NOT NULL,
	"window_to" timestamp with time zone NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"spend_micros" bigint NOT NULL,
	"undoes" uuid,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "autopilot_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "autopilot_ran_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_bid_changes" ADD CONSTRAINT "ad_bid_changes_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_bid_changes_campaign_idx" ON "ad_bid_changes" USING btree ("campaign_id","at");