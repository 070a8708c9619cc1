CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"page_id" uuid,
	"site_id" uuid,
	"person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_target_check" CHECK (("follows"."kind" = 'PAGE' and "follows"."page_id" is not null and "follows"."site_id" is null and "follows"."person_id" is null)
        or ("follows"."kind" = 'SITE' and "follows"."site_id" is not null and "follows"."page_id" is null and "follows"."person_id" is null)
        or ("follows"."kind" = 'PERSON' and "follows"."person_id" is not null and "follows"."page_id" is null and "follows"."site_id" is null)),
	CONSTRAINT "follows_not_self" CHECK ("follows"."person_id" is null or "follows"."person_id" <> "follows"."follower_id")
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_page_id_site_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."site_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_page_key" ON "follows" USING btree ("follower_id","page_id") WHERE "follows"."page_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_site_key" ON "follows" USING btree ("follower_id","site_id") WHERE "follows"."site_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_person_key" ON "follows" USING btree ("follower_id","person_id") WHERE "follows"."person_id" is not null;--> statement-breakpoint
CREATE INDEX "follows_follower_idx" ON "follows" USING btree ("follower_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_page_idx" ON "follows" USING btree ("page_id") WHERE "follows"."page_id" is not null;--> statement-breakpoint
CREATE INDEX "follows_site_idx" ON "follows" USING btree ("site_id") WHERE "follows"."site_id" is not null;--> statement-breakpoint
CREATE INDEX "follows_person_idx" ON "follows" USING btree ("person_id","created_at") WHERE "follows"."person_id" is not null;