import { AD_NOTICE_EVENTS } from "@flipside/contracts/ads-constants";
import { REPORT_TARGET_KINDS } from "@flipside/contracts/moderation-constants";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Outbox } from "./outbox.plugin.ts";
import { recordEvent } from "./outbox.ts";

/**
 * The domain events other modules record (docs/outbox.md#events): each type with the shape of its
 * payload, so the module that records one and the handlers that read it agree. The discussion's
 * own events (`contribution.added`, `vote.cast`) are written by triggers (migration 0024), never
 * by `record`; their shapes are here for their handlers.
 */
export const EVENTS = {
  /** A comment, reply, review or related page was added (the trigger on contributions). */
  "contribution.added": z.object({ contributionId: z.uuid() }),
  /** Someone's first vote on a contribution (the trigger on votes; changing a vote records nothing). */
  "vote.cast": z.object({ contributionId: z.uuid(), voterId: z.uuid() }),
  /** Moderators closed reports with an outcome; each reporter is told, nothing about anyone else. */
  "report.decided": z.object({
    outcome: z.enum(["DISMISSED", "HIDDEN", "SUSPENDED"]),
    targetId: z.uuid(),
    pageId: z.uuid().nullable(),
    pageTitle: z.string().nullable(),
    reporters: z.array(z.object({ reporterId: z.uuid(), targetKind: z.enum(REPORT_TARGET_KINDS) })),
  }),
  /** A check its owner did not start changed a claim: the claimant is told (docs/websites.md). */
  "site.verification": z.object({
    event: z.enum(["verified", "proof-missing", "demoted", "retries-ended"]),
    claimId: z.uuid(),
    userId: z.uuid(),
    domain: z.string(),
    finding: z.string(),
    demotionDate: z.iso.datetime().nullable(),
  }),
  /** An organisation invited an address (or invited it again): its account, if any, is told. */
  "organization.invited": z.object({
    invitationId: z.uuid(),
    organizationId: z.uuid(),
    inviterId: z.uuid(),
    email: z.string(),
  }),
  /**
   * Something an advertiser should hear of (ADS.md §5): a creative reviewed, a campaign's budget
   * spent, a wallet about to run out, the account suspended. Its people are told (an
   * organisation's OWNERs and ADMINs).
   */
  "ads.notice": z.object({
    event: z.enum(AD_NOTICE_EVENTS),
    adAccountId: z.uuid(),
    objectId: z.uuid(),
    objectName: z.string(),
    /** The rejection's reason, the suspension's reason, the day the wallet runs out. */
    detail: z.string(),
  }),
  /** Money came into a wallet (a top-up, a credit, a transfer, a reserve given back). */
  "wallet.credited": z.object({
    userId: z.uuid().nullable(),
    organizationId: z.uuid().nullable(),
    currency: z.string(),
  }),
} as const;

export type EventType = keyof typeof EVENTS;
export type EventPayload<T extends EventType> = z.infer<(typeof EVENTS)[T]>;

/** Each type's schema, typed so that a type's schema is known to parse that type's payload. */
const SCHEMAS: { [T in EventType]: z.ZodType<EventPayload<T>> } = EVENTS;

/** Records a domain event of a known type in the caller's transaction. */
export function record<T extends EventType>(tx: Db, type: T, payload: EventPayload<T>): Promise<void> {
  return recordEvent(tx, type, payload);
}

/** Handles a known type of event with its payload checked against its shape. */
export function on<T extends EventType>(
  outbox: Outbox,
  type: T,
  handler: (tx: Db, payload: EventPayload<T>) => Promise<void>,
): void {
  outbox.on(type, (tx, event) => handler(tx, SCHEMAS[type].parse(event.payload)));
}
