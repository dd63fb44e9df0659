import { nicknameSchema } from '../../common/flip';
import type { SessionUser } from '../accounts/session';
import { badRequest } from '../http/errors';

/** The requester of a paid request: a logged-in user's display name, else the nickname, checked (spec 5). */
export function requesterName(user: SessionUser | null, username: string | null | undefined): string {
  if (user) return user.displayName;
  if (!username?.trim()) throw badRequest('username is required when not logged in');
  const parsed = nicknameSchema.safeParse(username);
  if (!parsed.success) throw badRequest(`username ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}
