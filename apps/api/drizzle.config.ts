import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./apps/api/src/db/schema",
  out: "./apps/api/drizzle",
  casing: "snake_case",
});
