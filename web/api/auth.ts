import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '../../common/accounts';
import { notifySuccess } from '../toasts/notify';
import { apiGet, apiPost } from './client';
import { useConfig } from './config';

/** Spec 3 "User": displayName and admin (GET /api/auth/user answers common/accounts.ts `User`; the rest is not shown). */
export type CurrentUser = Pick<User, 'displayName' | 'admin'>;

const USER_KEY = ['auth', 'user'] as const;

/**
 * GET /api/auth/user. Spec 4 "Login": if fetching the user fails (401, 404, network) the user is
 * treated as logged out, silently: null, never an error.
 */
export function currentUserQuery(authEnabled: boolean) {
  return queryOptions({
    queryKey: USER_KEY,
    queryFn: async ({ signal }): Promise<CurrentUser | null> => {
      if (!authEnabled) return null;
      try {
        const user = await apiGet<User | null>('/api/auth/user', undefined, signal);
        return user && typeof user.displayName === 'string' ? { displayName: user.displayName, admin: user.admin === true } : null;
      } catch {
        return null;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** The logged-in user; undefined while unknown, null when logged out or when login is disabled. */
export function useCurrentUser(): CurrentUser | null | undefined {
  const { authEnabled } = useConfig();
  return useQuery(currentUserQuery(authEnabled)).data;
}

/** POST /api/auth/logout, then home with every per-user answer (liked flags) refetched. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiPost<void>('/api/auth/logout'),
    onSuccess: async () => {
      queryClient.setQueryData(USER_KEY, null);
      notifySuccess('Successfully logged out');
      await navigate({ to: '/' });
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== 'auth' });
    },
    meta: { failureText: 'Unable to logout at this time' },
  });
}
