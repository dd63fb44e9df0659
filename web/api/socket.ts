import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import useWebSocket from 'partysocket/use-ws';
import type { Options } from 'partysocket/ws';
import { useCallback, useState } from 'react';
import type { ZodType } from 'zod';
import { RECONNECT } from '../../common/constants';

/**
 * The web app's one way to listen to the site's sockets (/api/ws/…): partysocket's reconnecting
 * socket set to spec 7's rule, every message checked against its zod shape from common/, and the
 * "Connecting..." / "Connected" status the radio and queue screens show. Only lazy screens import
 * this file (it brings zod along).
 */

export type SocketStatus = 'Connecting...' | 'Connected';

/** Spec 7: up to 25 attempts, the first after 500 ms, each delay double the last, never above 2 minutes. */
export const SOCKET_OPTIONS = {
  maxRetries: RECONNECT.attempts,
  minReconnectionDelay: RECONNECT.initialDelayMs,
  reconnectionDelayGrowFactor: RECONNECT.growFactor,
  maxReconnectionDelay: RECONNECT.maxDelayMs,
} as const satisfies Options;

/** ws:// on an http page and wss:// on an https one, on the page's own host (the gateway checks Origin). */
export function socketUrl(path: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

interface LiveSocketOptions<T> {
  /** The socket's path and query, e.g. /api/ws/requests/flip/queue */
  path: string;
  /** What each message must look like; anything else is logged and dropped */
  schema: ZodType<T>;
  onData: (data: T) => void;
  /** Connect only while true (default true) */
  enabled?: boolean;
}

/** Connects while mounted (and enabled), hands each valid message to onData and reports the status. */
export function useLiveSocket<T>(options: LiveSocketOptions<T>): SocketStatus {
  return useLiveConnection(options).status;
}

/**
 * useLiveSocket, and a way to send on the socket (the radio's reactions and votes): `send` answers
 * false while the socket is not open (nothing is queued for a later connection).
 */
export function useLiveConnection<T>({ path, schema, onData, enabled = true }: LiveSocketOptions<T>) {
  const [status, setStatus] = useState<SocketStatus>('Connecting...');
  const socket = useWebSocket(socketUrl(path), undefined, {
    ...SOCKET_OPTIONS,
    enabled,
    onOpen: () => setStatus('Connected'),
    onClose: () => setStatus('Connecting...'),
    onMessage: (event: MessageEvent) => {
      const parsed = parseMessage(event.data, schema);
      if (parsed.success) onData(parsed.data);
      else console.error(`Unexpected message on ${path}`, parsed.error);
    },
  });
  const send = useCallback(
    (message: unknown): boolean => {
      if (socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    [socket],
  );
  return { status, send };
}

/**
 * A socket whose every message is the new value of a query: pushed data lands in the TanStack Query
 * cache, and a read of the same query in flight does not overwrite it with older data.
 */
export function useQuerySocket<T>(path: string, schema: ZodType<T>, queryKey: QueryKey, enabled = true): SocketStatus {
  const queryClient = useQueryClient();
  const [push] = useState(() => queryPusher<T>(queryClient, queryKey));
  return useLiveSocket({ path, schema, enabled, onData: push });
}

/**
 * Applies pushed values to one query. A read in flight started before the push and may answer older
 * data: it is left to finish (its failure still toasts), and then the newest pushed value is set again.
 */
export function queryPusher<T>(queryClient: QueryClient, queryKey: QueryKey): (data: T) => void {
  let latest: { data: T } | null = null;
  let unsubscribe: (() => void) | null = null;
  const reading = () => queryClient.isFetching({ queryKey, exact: true }) > 0;
  return (data) => {
    queryClient.setQueryData(queryKey, data);
    if (!reading()) return;
    latest = { data };
    if (unsubscribe) return;
    unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (reading()) return;
      unsubscribe?.();
      unsubscribe = null;
      const newest = latest;
      latest = null;
      if (newest) queryClient.setQueryData(queryKey, newest.data);
    });
  };
}

export function parseMessage<T>(data: unknown, schema: ZodType<T>) {
  let json: unknown;
  try {
    json = typeof data === 'string' ? JSON.parse(data) : undefined;
  } catch {
    json = undefined;
  }
  return schema.safeParse(json);
}
