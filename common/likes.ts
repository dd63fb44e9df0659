import { z } from 'zod';

/** The answer to a like or unlike. */
export const likeResultSchema = z.object({ liked: z.boolean() });
