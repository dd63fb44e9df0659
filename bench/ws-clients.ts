import WebSocket from 'ws';

/**
 * One process of bench/ws.ts's listeners (forked; several share the load of 10,000 sockets). It
 * opens its sockets, then for each round records when every socket's first message after being
 * armed arrived, as wall-clock milliseconds (performance.timeOrigin + now) so the parent can
 * compare them with its own clock. Messages are not parsed, so the listeners cost little CPU;
 * the first socket parses each and reports it, as a check that the change is the one sent.
 */

export type ToClients =
  | { cmd: 'open'; url: string; origin: string; count: number; localAddress: string; concurrency: number }
  | { cmd: 'arm'; round: number }
  | { cmd: 'collect'; round: number; timeoutMs: number }
  | { cmd: 'close' };

export type FromClients =
  | { kind: 'opened'; opened: number; failed: number; firstError: string | null }
  | { kind: 'armed'; round: number }
  | { kind: 'collected'; round: number; times: number[]; missing: number; sample: unknown };

const sockets: WebSocket[] = [];
/** Sockets that got their snapshot: the only ones expected to hear a change */
const ready: boolean[] = [];
let arrivals: (number | null)[] = [];
let sample: unknown = null;
let armed = false;

const now = () => performance.timeOrigin + performance.now();
const reply = (message: FromClients) => process.send?.(message);

function openOne(url: string, origin: string, localAddress: string, index: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers: { origin }, localAddress, perMessageDeflate: false });
    let first = true;
    socket.on('message', (data) => {
      // The first message is the snapshot; only changes after arming count.
      if (first) {
        first = false;
        ready[index] = true;
        resolve(null);
        return;
      }
      if (!armed || arrivals[index] !== null) return;
      arrivals[index] = now();
      if (index === 0) sample = JSON.parse(data.toString());
    });
    socket.once('error', (error) => resolve(error.message));
    socket.once('close', () => {
      if (first) resolve('closed before the snapshot');
    });
    sockets[index] = socket;
  });
}

async function open(message: Extract<ToClients, { cmd: 'open' }>) {
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const worker = async () => {
    while (next < message.count) {
      const index = next++;
      const error = await openOne(message.url, message.origin, message.localAddress, index);
      if (error) {
        failed++;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, worker));
  arrivals = sockets.map(() => null);
  reply({ kind: 'opened', opened: message.count - failed, failed, firstError });
}

async function collect(round: number, timeoutMs: number) {
  const deadline = now() + timeoutMs;
  while (arrivals.some((t, i) => t === null && ready[i]) && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  const times = arrivals.filter((t): t is number => t !== null);
  const expected = ready.filter(Boolean).length;
  reply({ kind: 'collected', round, times, missing: expected - times.length, sample });
  armed = false;
}

process.on('message', (message: ToClients) => {
  if (message.cmd === 'open') void open(message);
  if (message.cmd === 'arm') {
    arrivals = sockets.map(() => null);
    sample = null;
    armed = true;
    reply({ kind: 'armed', round: message.round });
  }
  if (message.cmd === 'collect') void collect(message.round, message.timeoutMs);
  if (message.cmd === 'close') {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
