CREATE TABLE "page_activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"page_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"contribution_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_activity_kind_check" CHECK ("page_activity"."kind" in ('COMMENT', 'REPLY', 'REVIEW', 'RELATED_PAGE', 'VOTE'))
);
--> statement-breakpoint
ALTER TABLE "site_pages" ADD COLUMN "trending_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "page_activity" ADD CONSTRAINT "page_activity_page_id_site_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."site_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_activity" ADD CONSTRAINT "page_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_activity" ADD CONSTRAINT "page_activity_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_activity_at_idx" ON "page_activity" USING btree ("at");--> statement-breakpoint
CREATE INDEX "page_activity_page_idx" ON "page_activity" USING btree ("page_id","at");--> statement-breakpoint
CREATE INDEX "page_activity_contribution_idx" ON "page_activity" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "page_activity_actor_idx" ON "page_activity" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "site_pages_trending_idx" ON "site_pages" USING btree ("trending_score" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "site_pages"."trending_score" > 0 and "site_pages"."moderation" is null;--> statement-breakpoint
-- Page activity is written by the database itself, in the statement that adds the contribution
-- or casts the vote (docs/discovery.md): no write path can forget it.
CREATE FUNCTION page_activity_of_contribution() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.author_id IS NOT NULL THEN
      INSERT INTO page_activity (page_id, actor_id, kind, contribution_id, at)
      VALUES (NEW.site_page_id, NEW.author_id, NEW.kind, NEW.id, NEW.created_at);
    END IF;
  ELSIF NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    UPDATE page_activity SET at = NEW.created_at WHERE contribution_id = NEW.id AND kind <> 'VOTE';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contributions_page_activity AFTER INSERT OR UPDATE OF created_at ON contributions
  FOR EACH ROW EXECUTE FUNCTION page_activity_of_contribution();
--> statement-breakpoint
CREATE FUNCTION page_activity_of_vote() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.target_kind = 'SITE_PAGE' THEN
      INSERT INTO page_activity (page_id, actor_id, kind, contribution_id, at)
      VALUES (NEW.target_id, NEW.profile_id, 'VOTE', NULL, NEW.created_at);
    ELSE
      INSERT INTO page_activity (page_id, actor_id, kind, contribution_id, at)
      SELECT c.site_page_id, NEW.profile_id, 'VOTE', c.id, NEW.created_at
      FROM contributions c WHERE c.id = NEW.target_id;
    END IF;
  ELSE
    DELETE FROM page_activity
    WHERE actor_id = OLD.profile_id AND kind = 'VOTE'
      AND CASE WHEN OLD.target_kind = 'SITE_PAGE'
        THEN contribution_id IS NULL AND page_id = OLD.target_id
        ELSE contribution_id = OLD.target_id END;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER votes_page_activity AFTER INSERT OR DELETE ON votes
  FOR EACH ROW EXECUTE FUNCTION page_activity_of_vote();
--> statement-breakpoint
-- What was said and voted before activity was recorded counts from when it happened.
INSERT INTO page_activity (page_id, actor_id, kind, contribution_id, at)
SELECT site_page_id, author_id, kind, id, created_at FROM contributions WHERE author_id IS NOT NULL;
--> statement-breakpoint
INSERT INTO page_activity (page_id, actor_id, kind, contribution_id, at)
SELECT v.target_id, v.profile_id, 'VOTE', NULL, v.created_at FROM votes v
WHERE v.target_kind = 'SITE_PAGE' AND EXISTS (SELECT 1 FROM site_pages p WHERE p.id = v.target_id);
--> statement-breakpoint
INSERT INTO page_activity (page_id, actor_id, kind, contribution_id, at)
SELECT c.site_page_id, v.profile_id, 'VOTE', c.id, v.created_at FROM votes v
JOIN contributions c ON c.id = v.target_id WHERE v.target_kind = 'CONTRIBUTION';
