-- Issue 16: a page's address as shown is built from its normalized form. The address its first
-- visitor typed could hold credentials (https://user:password@example.com/) or a misleading
-- userinfo (https://attacker.example@example.com/), shown to everyone since.
UPDATE "site_pages" SET "raw_url" = "display_url" WHERE "raw_url" IS DISTINCT FROM "display_url";
