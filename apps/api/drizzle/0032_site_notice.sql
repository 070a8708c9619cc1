ALTER TABLE "sites" ADD COLUMN "plan" text DEFAULT 'FREE' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "notice_updated_at" timestamp with time zone;--> statement-breakpoint
-- sites.plan follows the site's live subscription (status other than ENDED; at most one), whatever
-- code changes subscriptions: a page view reads it with the site, without another query.
CREATE OR REPLACE FUNCTION sites_follow_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  site uuid;
BEGIN
  FOREACH site IN ARRAY ARRAY[CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.site_id END,
                               CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.site_id END] LOOP
    CONTINUE WHEN site IS NULL;
    UPDATE sites SET plan = coalesce(
      (SELECT s.plan FROM subscriptions s WHERE s.site_id = site AND s.status <> 'ENDED' LIMIT 1),
      'FREE')
    WHERE id = site;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_set_site_plan
  AFTER INSERT OR UPDATE OF plan, status, site_id OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION sites_follow_subscription();
--> statement-breakpoint
UPDATE sites SET plan = s.plan FROM subscriptions s WHERE s.site_id = sites.id AND s.status <> 'ENDED';
