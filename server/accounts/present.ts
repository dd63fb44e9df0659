import type { User } from '../../common/accounts';
import type { SessionUser } from './session';

/** The user as the API shows it (spec 3 "User": displayName and admin, plus id and login). */
export const presentUser = (user: SessionUser): User => ({
  id: user.id,
  login: user.login,
  displayName: user.displayName,
  admin: user.admin,
});
