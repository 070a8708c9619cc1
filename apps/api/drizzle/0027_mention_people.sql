-- The mention picker (docs/notifications.md#mentions) finds people by parts and near spellings of
-- their names: LIKE '%…%' and the <% operator on lower(display_name), both answered by this index.
CREATE INDEX IF NOT EXISTS users_display_name_trgm_idx ON users USING gin (lower(display_name) gin_trgm_ops);
