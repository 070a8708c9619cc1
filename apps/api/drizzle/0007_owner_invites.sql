CREATE TABLE "mail_opt_outs" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"inviter_id" uuid,
	"email_hash" text NOT NULL,
	"sent" boolean NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "owner_invites" ADD CONSTRAINT "owner_invites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_invites" ADD CONSTRAINT "owner_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_invites_unsubscribe_key" ON "owner_invites" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "owner_invites_inviter_idx" ON "owner_invites" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "owner_invites_site_idx" ON "owner_invites" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "owner_invites_email_idx" ON "owner_invites" USING btree ("email_hash","created_at");