CREATE TABLE "ad_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_key" text NOT NULL,
	"user_id" uuid,
	"organization_id" uuid,
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"suspension_reason" text,
	"suspended_at" timestamp with time zone,
	"suspended_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_accounts_name_length" CHECK (char_length("ad_accounts"."name") between 1 and 100),
	CONSTRAINT "ad_accounts_currency_check" CHECK ("ad_accounts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "ad_accounts_owner_check" CHECK (("ad_accounts"."owner_kind" = 'USER' and "ad_accounts"."organization_id" is null) or ("ad_accounts"."owner_kind" = 'ORGANIZATION' and "ad_accounts"."user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_accounts_owner_key" ON "ad_accounts" USING btree ("owner_key");--> statement-breakpoint
CREATE INDEX "ad_accounts_user_idx" ON "ad_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ad_accounts_organization_idx" ON "ad_accounts" USING btree ("organization_id");