CREATE TABLE "share_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"contribution_id" uuid,
	"site_page_id" uuid NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_mails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sharer_id" uuid NOT NULL,
	"code" text NOT NULL,
	"recipient_hash" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_mails_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "share_codes" ADD CONSTRAINT "share_codes_site_page_id_site_pages_id_fk" FOREIGN KEY ("site_page_id") REFERENCES "public"."site_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_mails" ADD CONSTRAINT "share_mails_sharer_id_users_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_mails" ADD CONSTRAINT "share_mails_code_share_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."share_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_codes_page_idx" ON "share_codes" USING btree ("site_page_id") WHERE "share_codes"."contribution_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "share_codes_contribution_idx" ON "share_codes" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "share_mails_sharer_idx" ON "share_mails" USING btree ("sharer_id","created_at");--> statement-breakpoint
CREATE INDEX "share_mails_code_idx" ON "share_mails" USING btree ("code");