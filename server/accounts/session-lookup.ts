import type { SessionUserRow, SessionUserRowOf } from './queries';

/** More tokens than this in one query are split (a bound on the statement's array, never reached in practice). */
const MOST_PER_QUERY = 500;

interface Waiter {
  resolve(row: SessionUserRow | undefined): void;
  reject(error: unknown): void;
}

/**
 * Resolves session tokens (their hashes) to users, one query for all the requests that arrived
 * together (`find`: accounts/queries.ts `findSessionUsers`): the lookups asked during one turn of the event loop (the requests read in one poll of
 * the sockets) are sent as one `token_hash = any($1)` query when that turn ends (`setImmediate`).
 *
 * Every logged-in request still asks the database after it arrived (nothing is kept between
 * requests), so a logout or a revoked admin on any instance counts at that instance's next
 * request. Under load a lone query per request cost as much CPU as the rest of a logged-in read
 * (the socket write and the protocol's parsing, issue 23); a shared one costs that once per turn.
 */
export function createSessionLookup(find: (tokenHashes: string[], at: Date) => Promise<SessionUserRowOf[]>, now: () => Date) {
  let waiting: Map<string, Waiter[]> | null = null;

  function send(batch: Map<string, Waiter[]>) {
    find([...batch.keys()], now()).then(
      (rows) => {
        const byHash = new Map(rows.map(({ tokenHash, ...row }) => [tokenHash, row]));
        for (const [hash, waiters] of batch) for (const waiter of waiters) waiter.resolve(byHash.get(hash));
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      },
    );
  }

  function flush() {
    const all = waiting!;
    waiting = null;
    let batch = new Map<string, Waiter[]>();
    for (const [hash, waiters] of all) {
      batch.set(hash, waiters);
      if (batch.size === MOST_PER_QUERY) {
        send(batch);
        batch = new Map();
      }
    }
    if (batch.size > 0) send(batch);
  }

  /** The user of the session whose token hashes to `tokenHash`, if it is live now. */
  return (tokenHash: string): Promise<SessionUserRow | undefined> =>
    new Promise((resolve, reject) => {
      if (!waiting) {
        waiting = new Map();
        setImmediate(flush);
      }
      const waiters = waiting.get(tokenHash);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(tokenHash, [{ resolve, reject }]);
    });
}
