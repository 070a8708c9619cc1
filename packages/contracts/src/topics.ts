import { z } from "zod";
import { TOPIC_LIMITS, TOPIC_MESSAGES } from "./topic-constants.ts";

export { TOPIC_LIMITS, TOPIC_MESSAGES };

/** Topics (docs/topics.md): a fixed taxonomy people suggest for sites. */
export const Topic = z
  .object({ id: z.uuid(), slug: z.string(), name: z.string(), parentId: z.uuid().nullable() })
  .meta({ id: "Topic" });
export type Topic = z.infer<typeof Topic>;

/** A topic suggested for a site: how many people suggested it, and whether the viewer did. */
export const SiteTopic = z
  .object({ siteId: z.uuid(), topic: Topic, suggestions: z.number().int(), mine: z.boolean() })
  .meta({ id: "SiteTopic" });
export type SiteTopic = z.infer<typeof SiteTopic>;

export const SiteTopicRequest = z
  .strictObject({ siteId: z.uuid(), topicId: z.uuid() })
  .meta({ id: "SiteTopicRequest" });
