CREATE TABLE "outbox_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "outbox_events_pending_idx" ON "outbox_events" USING btree ("id") WHERE "outbox_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_events_processed_idx" ON "outbox_events" USING btree ("processed_at") WHERE "outbox_events"."processed_at" is not null;--> statement-breakpoint
-- The discussion's events are written by the database itself, in the statement that adds the
-- contribution or casts the vote (decision 031): the hot write stays one statement, and no
-- write path can forget its event.
CREATE FUNCTION outbox_of_contribution() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox_events (type, payload)
  VALUES ('contribution.added', jsonb_build_object(
    'contributionId', NEW.id, 'pageId', NEW.site_page_id, 'authorId', NEW.author_id,
    'kind', NEW.kind, 'parentId', NEW.parent_id, 'official', NEW.official));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contributions_outbox AFTER INSERT ON contributions
  FOR EACH ROW EXECUTE FUNCTION outbox_of_contribution();
--> statement-breakpoint
CREATE FUNCTION outbox_of_vote() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.target_kind = 'CONTRIBUTION' THEN
    INSERT INTO outbox_events (type, payload)
    VALUES ('vote.cast', jsonb_build_object(
      'contributionId', NEW.target_id, 'voterId', NEW.profile_id, 'value', NEW.value));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER votes_outbox AFTER INSERT ON votes
  FOR EACH ROW EXECUTE FUNCTION outbox_of_vote();
