CREATE TABLE "ad_creative_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"upload_token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"storage_key" text,
	"content_type" text,
	"size" integer,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_creatives" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"headline" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"destination_url" text NOT NULL,
	"display_domain" text NOT NULL,
	"image_id" uuid,
	"review_status" text DEFAULT 'PENDING_REVIEW' NOT NULL,
	"rejection_reason" text,
	"rejection_note" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_creatives_headline_length" CHECK (char_length("ad_creatives"."headline") between 1 and 60),
	CONSTRAINT "ad_creatives_body_length" CHECK (char_length("ad_creatives"."body") <= 150),
	CONSTRAINT "ad_creatives_name_length" CHECK (char_length("ad_creatives"."name") between 1 and 100),
	CONSTRAINT "ad_creatives_rejection_check" CHECK (("ad_creatives"."review_status" = 'REJECTED') = ("ad_creatives"."rejection_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "ad_creative_images" ADD CONSTRAINT "ad_creative_images_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_image_id_ad_creative_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."ad_creative_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_creative_images_account_idx" ON "ad_creative_images" USING btree ("ad_account_id");--> statement-breakpoint
CREATE INDEX "ad_creatives_account_idx" ON "ad_creatives" USING btree ("ad_account_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_creatives_review_queue_idx" ON "ad_creatives" USING btree ("submitted_at") WHERE "ad_creatives"."review_status" = 'PENDING_REVIEW' and "ad_creatives"."archived_at" is null;