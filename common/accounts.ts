import { z } from 'zod';

/** Shapes of accounts (spec 3 "User"), shared by the server (validation, OpenAPI) and the web (types). */

export const userSchema = z.object({
  id: z.number().int(),
  /** Twitch login (lowercase) */
  login: z.string(),
  displayName: z.string(),
  admin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
