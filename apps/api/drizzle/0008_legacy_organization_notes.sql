-- Before organisations existed (issue 10), an ORGANIZATION note named an organisation that could
-- not exist and was read by its author alone: it stays that way, as PRIVATE, so the foreign key the
-- next migration adds holds.
UPDATE "notes" SET "visibility" = 'PRIVATE', "organization_id" = NULL WHERE "organization_id" IS NOT NULL;
