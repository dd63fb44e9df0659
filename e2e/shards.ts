/**
 * The browser suite in E2E_SHARDS parallel parts (default 2), each a vitest process with its own
 * site and Chromium (global-setup.ts): files within a part still run one after another, and no two
 * parts share a server, so one file's switches and skips never reach another's pages. Most of a
 * browser test's time is waiting on a page, so two parts take about half the wall time on CI's two
 * cores. Arguments (file filters, -t) run one process, as `vitest run` would.
 *
 *   npx tsx e2e/shards.ts [vitest args]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const vitest = ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...args];

function runShard(index: number): Promise<number> {
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  const child = spawn('npx', [...vitest, ...shardArgs], {
    env: { ...process.env, E2E_SHARD: shards > 1 ? String(index) : '', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = shards > 1 ? `[e2e ${index}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const failed = codes.filter((code) => code !== 0).length;
if (shards > 1) console.log(failed ? `${failed} of ${shards} browser test parts failed` : `All ${shards} browser test parts passed`);
process.exit(failed ? 1 : 0);
