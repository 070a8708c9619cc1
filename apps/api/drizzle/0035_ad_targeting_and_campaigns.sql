CREATE TABLE "ad_audience_members" (
	"audience_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_audience_members_pkey" PRIMARY KEY("audience_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ad_audiences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"membership_days" integer DEFAULT 30 NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_audiences_name_length" CHECK (char_length("ad_audiences"."name") between 1 and 100),
	CONSTRAINT "ad_audiences_days" CHECK ("ad_audiences"."membership_days" between 1 and 180),
	CONSTRAINT "ad_audiences_rules_count" CHECK (jsonb_array_length("ad_audiences"."rules") between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "ad_campaign_creatives" (
	"campaign_id" uuid NOT NULL,
	"creative_id" uuid NOT NULL,
	CONSTRAINT "ad_campaign_creatives_pkey" PRIMARY KEY("campaign_id","creative_id")
);
--> statement-breakpoint
CREATE TABLE "ad_campaign_targets" (
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	CONSTRAINT "ad_campaign_targets_pkey" PRIMARY KEY("campaign_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"pricing_model" text NOT NULL,
	"bid_strategy" text DEFAULT 'MANUAL' NOT NULL,
	"bid_micros" bigint NOT NULL,
	"target_micros" bigint,
	"bid_ceiling_micros" bigint,
	"bid_floor_micros" bigint,
	"autopilot_status" text DEFAULT 'OFF' NOT NULL,
	"learning_events_left" integer DEFAULT 0 NOT NULL,
	"total_budget_micros" bigint NOT NULL,
	"daily_budget_micros" bigint,
	"pacing" text DEFAULT 'EVEN' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"weekly_schedule" jsonb,
	"freq_cap_impressions" integer,
	"freq_cap_period" text,
	"spent_micros" bigint DEFAULT 0 NOT NULL,
	"spent_day" date,
	"spent_day_micros" bigint DEFAULT 0 NOT NULL,
	"hold_minor" bigint DEFAULT 0 NOT NULL,
	"hold_remaining_micros" bigint DEFAULT 0 NOT NULL,
	"launched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_campaigns_name_length" CHECK (char_length("ad_campaigns"."name") between 1 and 100),
	CONSTRAINT "ad_campaigns_spent_within_total" CHECK ("ad_campaigns"."spent_micros" <= "ad_campaigns"."total_budget_micros"),
	CONSTRAINT "ad_campaigns_daily_within_total" CHECK ("ad_campaigns"."daily_budget_micros" is null or "ad_campaigns"."daily_budget_micros" <= "ad_campaigns"."total_budget_micros"),
	CONSTRAINT "ad_campaigns_spent_day_within_daily" CHECK ("ad_campaigns"."daily_budget_micros" is null or "ad_campaigns"."spent_day_micros" <= "ad_campaigns"."daily_budget_micros"),
	CONSTRAINT "ad_campaigns_end_after_start" CHECK ("ad_campaigns"."end_at" is null or "ad_campaigns"."end_at" > "ad_campaigns"."start_at"),
	CONSTRAINT "ad_campaigns_floor_below_ceiling" CHECK ("ad_campaigns"."bid_floor_micros" is null or "ad_campaigns"."bid_ceiling_micros" is null or "ad_campaigns"."bid_floor_micros" < "ad_campaigns"."bid_ceiling_micros"),
	CONSTRAINT "ad_campaigns_hold_not_negative" CHECK ("ad_campaigns"."hold_remaining_micros" >= 0 and "ad_campaigns"."hold_minor" >= 0),
	CONSTRAINT "ad_campaigns_frequency" CHECK (("ad_campaigns"."freq_cap_impressions" is null) = ("ad_campaigns"."freq_cap_period" is null) and ("ad_campaigns"."freq_cap_impressions" is null or "ad_campaigns"."freq_cap_impressions" between 1 and 100))
);
--> statement-breakpoint
CREATE TABLE "ad_filter_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mode" text DEFAULT 'EXCLUDE' NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_filter_lists_name_length" CHECK (char_length("ad_filter_lists"."name") between 1 and 100),
	CONSTRAINT "ad_filter_lists_rules_count" CHECK (jsonb_array_length("ad_filter_lists"."rules") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "ad_geo_fences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"shapes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_geo_fences_name_length" CHECK (char_length("ad_geo_fences"."name") between 1 and 100),
	CONSTRAINT "ad_geo_fences_shapes_count" CHECK (jsonb_array_length("ad_geo_fences"."shapes") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personalised_ads" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_audience_members" ADD CONSTRAINT "ad_audience_members_audience_id_ad_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."ad_audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audience_members" ADD CONSTRAINT "ad_audience_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audiences" ADD CONSTRAINT "ad_audiences_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_creatives" ADD CONSTRAINT "ad_campaign_creatives_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_creatives" ADD CONSTRAINT "ad_campaign_creatives_creative_id_ad_creatives_id_fk" FOREIGN KEY ("creative_id") REFERENCES "public"."ad_creatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_targets" ADD CONSTRAINT "ad_campaign_targets_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_filter_lists" ADD CONSTRAINT "ad_filter_lists_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_geo_fences" ADD CONSTRAINT "ad_geo_fences_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_audience_members_user_idx" ON "ad_audience_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ad_audiences_account_idx" ON "ad_audiences" USING btree ("ad_account_id");--> statement-breakpoint
CREATE INDEX "ad_campaign_creatives_creative_idx" ON "ad_campaign_creatives" USING btree ("creative_id");--> statement-breakpoint
CREATE INDEX "ad_campaign_targets_target_idx" ON "ad_campaign_targets" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "ad_campaigns_account_idx" ON "ad_campaigns" USING btree ("ad_account_id","updated_at");--> statement-breakpoint
CREATE INDEX "ad_campaigns_active_idx" ON "ad_campaigns" USING btree ("status") WHERE "ad_campaigns"."status" = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "ad_campaigns_name_key" ON "ad_campaigns" USING btree ("ad_account_id",lower("name")) WHERE "ad_campaigns"."status" <> 'ARCHIVED';--> statement-breakpoint
CREATE INDEX "ad_filter_lists_account_idx" ON "ad_filter_lists" USING btree ("ad_account_id");--> statement-breakpoint
CREATE INDEX "ad_geo_fences_account_idx" ON "ad_geo_fences" USING btree ("ad_account_id");