import { z } from "zod";

export const Health = z.object({ status: z.literal("ok") }).meta({ id: "Health" });
export const Ready = z
  .object({ status: z.enum(["ok", "unavailable"]), database: z.enum(["up", "down"]) })
  .meta({ id: "Ready" });
