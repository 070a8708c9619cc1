DROP INDEX "share_codes_page_idx";--> statement-breakpoint
ALTER TABLE "share_codes" ADD COLUMN "note_id" uuid;--> statement-breakpoint
ALTER TABLE "share_codes" ADD CONSTRAINT "share_codes_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_codes_note_idx" ON "share_codes" USING btree ("note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_codes_page_idx" ON "share_codes" USING btree ("site_page_id") WHERE "share_codes"."contribution_id" is null and "share_codes"."note_id" is null;--> statement-breakpoint
ALTER TABLE "share_codes" ADD CONSTRAINT "share_codes_one_target" CHECK ("share_codes"."contribution_id" is null or "share_codes"."note_id" is null);