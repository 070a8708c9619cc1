CREATE TABLE "organization_invitation_sends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"sender_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"inviter_id" uuid,
	"key_hash" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"show_on_profile" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_members_pkey" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"website" text,
	"image_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "site_claims_site_user_key";--> statement-breakpoint
ALTER TABLE "site_claims" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "organization_invitation_sends" ADD CONSTRAINT "organization_invitation_sends_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitation_sends" ADD CONSTRAINT "organization_invitation_sends_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_invitation_sends_org_idx" ON "organization_invitation_sends" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "organization_invitation_sends_sender_idx" ON "organization_invitation_sends" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_key_key" ON "organization_invitations" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_unsubscribe_key" ON "organization_invitations" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_pending_key" ON "organization_invitations" USING btree ("organization_id",lower("email")) WHERE "organization_invitations"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "organization_invitations_org_idx" ON "organization_invitations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "organization_members_user_idx" ON "organization_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_slug_key" ON "organizations" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_claims" ADD CONSTRAINT "site_claims_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_organization_page_idx" ON "notes" USING btree ("site_page_id","organization_id") WHERE "notes"."visibility" = 'ORGANIZATION';--> statement-breakpoint
CREATE INDEX "notes_organization_updated_idx" ON "notes" USING btree ("organization_id","updated_at" DESC NULLS FIRST) WHERE "notes"."visibility" = 'ORGANIZATION';--> statement-breakpoint
CREATE UNIQUE INDEX "site_claims_site_organization_key" ON "site_claims" USING btree ("site_id","organization_id") WHERE "site_claims"."organization_id" is not null;--> statement-breakpoint
CREATE INDEX "site_claims_organization_idx" ON "site_claims" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_claims_site_user_key" ON "site_claims" USING btree ("site_id","user_id") WHERE "site_claims"."organization_id" is null;