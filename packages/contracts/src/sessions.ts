import { z } from "zod";

/** One of her signed-in sessions, as the account settings list them. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** Browser and system read from the user agent, e.g. "Firefox on Windows"; "Unknown device" when it says nothing. */
  device: z.string(),
  /** The address the session was last used from; null when unknown. */
  ipAddress: z.string().nullable(),
  /**
   * Where the address is, in words, from a lookup on the server itself (no address leaves it):
   * "This computer", "Local network", a country ("France"), or "Unknown place".
   */
  place: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
});

export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

/** Session ids are the auth library's: letters, digits, '-' and '_'. */
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const revokedSessionsResponseSchema = z.object({ revoked: z.number().int().min(0) });
export type RevokedSessionsResponse = z.infer<typeof revokedSessionsResponseSchema>;
