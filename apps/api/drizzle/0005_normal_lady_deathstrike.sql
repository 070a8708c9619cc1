CREATE TABLE "custom_tabs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_tabs" ADD CONSTRAINT "custom_tabs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_tabs_owner_idx" ON "custom_tabs" USING btree ("owner_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_tabs_owner_name_idx" ON "custom_tabs" USING btree ("owner_id",lower("name"));