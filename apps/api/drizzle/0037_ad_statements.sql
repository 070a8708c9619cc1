CREATE TABLE "ad_statement_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_statements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"period" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"number" text,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "ad_statements_period_check" CHECK ("ad_statements"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "ad_statements_issued_check" CHECK (("ad_statements"."status" = 'ISSUED') = ("ad_statements"."number" is not null and "ad_statements"."issued_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "ad_statements" ADD CONSTRAINT "ad_statements_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_statements_period_key" ON "ad_statements" USING btree ("ad_account_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_statements_number_key" ON "ad_statements" USING btree ("number");