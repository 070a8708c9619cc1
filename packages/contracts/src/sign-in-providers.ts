import { z } from "zod";

/** A provider identity linked to the signed-in account (GET /v1/account/sign-in-providers). */
export const LinkedProvider = z.object({
  id: z.uuid(),
  provider: z.string(),
  label: z.string(),
  /** The address the provider gave when it was linked. */
  email: z.string().nullable(),
  linkedAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type LinkedProvider = z.infer<typeof LinkedProvider>;

export const SignInProvidersOfAccount = z.object({
  linked: z.array(LinkedProvider),
  /** Configured providers, linked or not. */
  available: z.array(z.object({ id: z.string(), label: z.string() })),
  hasPassword: z.boolean(),
});
export type SignInProvidersOfAccount = z.infer<typeof SignInProvidersOfAccount>;

export const LinkStart = z.object({ url: z.string() });

/** A provider's verified address matched an existing account: what the proof page shows. */
export const PendingLink = z.object({
  provider: z.string(),
  label: z.string(),
  /** The account's address (the person gave it to the provider themselves). */
  email: z.string(),
  expiresAt: z.iso.datetime(),
});
export type PendingLink = z.infer<typeof PendingLink>;

export const PendingLinkToken = z.object({ token: z.string().min(20).max(100) });
export const PendingLinkPassword = z.strictObject({
  password: z.string().min(1).max(1024),
  rememberMe: z.boolean().optional(),
});
export const PendingLinkMailKey = z.strictObject({ key: z.string().min(20).max(100) });

/** Facebook's data-deletion status, by confirmation code (GET /v1/facebook/deletions/{code}). */
export const FacebookDeletion = z.object({
  confirmationCode: z.string(),
  status: z.literal("deleted"),
  removedLinks: z.number().int(),
  requestedAt: z.iso.datetime(),
});
export type FacebookDeletion = z.infer<typeof FacebookDeletion>;
