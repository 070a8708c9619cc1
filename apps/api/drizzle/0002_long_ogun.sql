CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"contribution_id" uuid,
	"type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"storage_key" text,
	"thumb_key" text,
	"content_type" text,
	"size" bigint,
	"width" integer,
	"height" integer,
	"upload_token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contributions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"site_page_id" uuid NOT NULL,
	"author_id" uuid,
	"parent_id" uuid,
	"in_reply_to_id" uuid,
	"body" text DEFAULT '' NOT NULL,
	"claim_uuid" uuid,
	"official" boolean GENERATED ALWAYS AS (claim_uuid is not null) STORED NOT NULL,
	"up_count" integer DEFAULT 0 NOT NULL,
	"down_count" integer DEFAULT 0 NOT NULL,
	"score" integer GENERATED ALWAYS AS (up_count - down_count) STORED NOT NULL,
	"wilson" double precision GENERATED ALWAYS AS (case when up_count + down_count = 0 then 0::float8 else ((up_count)::float8 / (up_count + down_count)::float8 + 1.9208 / (up_count + down_count)::float8 - 1.96 * sqrt(((up_count)::float8 / (up_count + down_count)::float8 * (1 - (up_count)::float8 / (up_count + down_count)::float8) + 0.9604 / (up_count + down_count)::float8) / (up_count + down_count)::float8)) / (1 + 3.8416 / (up_count + down_count)::float8) end) STORED NOT NULL,
	"reply_size" integer DEFAULT 0 NOT NULL,
	"attachment_count" smallint DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"site_page_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'PRIVATE' NOT NULL,
	"organization_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "related_page_links" (
	"contribution_id" uuid PRIMARY KEY NOT NULL,
	"page_a" uuid NOT NULL,
	"page_b" uuid NOT NULL,
	CONSTRAINT "related_page_links_ordered" CHECK ("related_page_links"."page_a" < "related_page_links"."page_b")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"contribution_id" uuid PRIMARY KEY NOT NULL,
	"site_page_id" uuid NOT NULL,
	"author_id" uuid,
	"sentiment" text NOT NULL,
	"title" text NOT NULL,
	"expertise" text
);
--> statement-breakpoint
CREATE TABLE "site_pages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"raw_url" text NOT NULL,
	"normalized_url" text NOT NULL,
	"display_url" text NOT NULL,
	"title" text,
	"description" text,
	"favicon_url" text,
	"canonical_of" uuid,
	"fetched_at" timestamp with time zone,
	"fetch_error" text,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"deleted_comment_count" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"related_count" integer DEFAULT 0 NOT NULL,
	"up_count" integer DEFAULT 0 NOT NULL,
	"down_count" integer DEFAULT 0 NOT NULL,
	"score" integer GENERATED ALWAYS AS (up_count - down_count) STORED NOT NULL,
	"wilson" double precision GENERATED ALWAYS AS (case when up_count + down_count = 0 then 0::float8 else ((up_count)::float8 / (up_count + down_count)::float8 + 1.9208 / (up_count + down_count)::float8 - 1.96 * sqrt(((up_count)::float8 / (up_count + down_count)::float8 * (1 - (up_count)::float8 / (up_count + down_count)::float8) + 0.9604 / (up_count + down_count)::float8) / (up_count + down_count)::float8)) / (1 + 3.8416 / (up_count + down_count)::float8) end) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"owner_kind" text,
	"owner_id" uuid,
	"verification_status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_domain_key" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"profile_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_pkey" PRIMARY KEY("profile_id","target_kind","target_id"),
	CONSTRAINT "votes_value_check" CHECK ("votes"."value" in (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_site_page_id_site_pages_id_fk" FOREIGN KEY ("site_page_id") REFERENCES "public"."site_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_parent_id_contributions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_in_reply_to_id_contributions_id_fk" FOREIGN KEY ("in_reply_to_id") REFERENCES "public"."contributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_site_page_id_site_pages_id_fk" FOREIGN KEY ("site_page_id") REFERENCES "public"."site_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_page_links" ADD CONSTRAINT "related_page_links_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_page_links" ADD CONSTRAINT "related_page_links_page_a_site_pages_id_fk" FOREIGN KEY ("page_a") REFERENCES "public"."site_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_page_links" ADD CONSTRAINT "related_page_links_page_b_site_pages_id_fk" FOREIGN KEY ("page_b") REFERENCES "public"."site_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_site_page_id_site_pages_id_fk" FOREIGN KEY ("site_page_id") REFERENCES "public"."site_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_canonical_of_site_pages_id_fk" FOREIGN KEY ("canonical_of") REFERENCES "public"."site_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_contribution_idx" ON "attachments" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "attachments_owner_idx" ON "attachments" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "contributions_page_list_idx" ON "contributions" USING btree ("site_page_id","kind","official" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contributions_page_oldest_idx" ON "contributions" USING btree ("site_page_id","kind","official" DESC NULLS FIRST,"created_at","id");--> statement-breakpoint
CREATE INDEX "contributions_parent_idx" ON "contributions" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contributions_author_idx" ON "contributions" USING btree ("author_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notes_author_page_idx" ON "notes" USING btree ("author_id","site_page_id","pinned" DESC NULLS FIRST,"updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notes_author_updated_idx" ON "notes" USING btree ("author_id","pinned" DESC NULLS FIRST,"updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "related_page_links_pair_key" ON "related_page_links" USING btree ("page_a","page_b");--> statement-breakpoint
CREATE INDEX "related_page_links_b_idx" ON "related_page_links" USING btree ("page_b");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_page_author_key" ON "reviews" USING btree ("site_page_id","author_id");--> statement-breakpoint
CREATE INDEX "reviews_page_sentiment_idx" ON "reviews" USING btree ("site_page_id","sentiment");--> statement-breakpoint
CREATE UNIQUE INDEX "site_pages_normalized_url_key" ON "site_pages" USING btree ("normalized_url");--> statement-breakpoint
CREATE INDEX "site_pages_site_idx" ON "site_pages" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "site_pages_created_idx" ON "site_pages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);