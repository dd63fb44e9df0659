import type { QueryClient } from '@tanstack/react-query';
import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { type CurrentUser, currentUserQuery } from './api/auth';
import { configQuery } from './api/config';
import { notifyInfo } from './toasts/notify';

/** Route guards of spec 2 ("Route guards"), used as `beforeLoad` of the guarded routes. */

interface GuardArgs {
  context: { queryClient: QueryClient };
  location: ParsedLocation;
}

async function currentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  const { authEnabled } = await queryClient.ensureQueryData(configQuery);
  return queryClient.ensureQueryData(currentUserQuery(authEnabled));
}

/**
 * The login guard: the info toast "You have to be logged in to do that!", then the visitor stays
 * where they were, or goes home when this is their first page.
 * `previous` is the location shown before this navigation (router.state.resolvedLocation).
 */
export function requireLogin(previous: () => ParsedLocation | undefined) {
  return async ({ context, location }: GuardArgs) => {
    if (await currentUser(context.queryClient)) return;
    notifyInfo('You have to be logged in to do that!');
    const from = previous();
    if (from && from.href !== location.href) throw redirect({ href: from.href, replace: true });
    throw redirect({ to: '/', replace: true });
  };
}

/** The admin guard silently sends non-admins home. */
export async function requireAdmin({ context }: GuardArgs) {
  const user = await currentUser(context.queryClient);
  if (!user?.admin) throw redirect({ to: '/', replace: true });
}

/** Ids are positive whole numbers; anything else is an unknown path, which goes home. */
export function requireValidId({ params }: { params: { id: number } }) {
  if (!Number.isInteger(params.id) || params.id <= 0) throw redirect({ to: '/', replace: true });
}

export const idParams = {
  parse: (raw: Record<'id', string>) => ({ id: Number(raw.id) }),
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};
