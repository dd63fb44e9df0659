import { type Config, ConfigError, loadConfig } from '../config';

/**
 * What a maintenance command is: a name, a one-line summary for `help`, its options (described once,
 * used both to parse and to print help) and what it does. Add a command by writing one module under
 * server/cli/ and listing it in server/cli.ts.
 */

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Shown in help after the option, e.g. `--songs <n>` */
  placeholder?: string;
  description: string;
}

export type OptionValues = Record<string, string | boolean | undefined>;

export interface Output {
  /** Progress and results, on stdout */
  info(message: string): void;
}

export interface Command {
  name: string;
  summary: string;
  /** More about the command, printed by `help <command>` */
  details?: string;
  options: Record<string, OptionSpec>;
  /** Arguments after the command name, in order, e.g. `grant-admin <login>`; none when absent */
  positionals?: { name: string; description: string }[];
  /** Resolves when done; a UsageError means bad input (exit code 2), any other error a failure (1). */
  run(values: OptionValues, out: Output, args?: readonly string[]): Promise<void>;
}

/** Bad command-line input: printed without a stack trace, exit code 2. */
export class UsageError extends Error {}

/** A failure the user can act on (database in use, unreachable): printed without a stack trace, exit code 1. */
export class CommandError extends Error {}

/** A whole number option within bounds, or its fallback when absent. */
export function intOption(values: OptionValues, name: string, fallback: number, bounds: { min?: number; max?: number } = {}): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const text = String(raw).replace(/_/g, '');
  const value = Number(text);
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = bounds;
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value)) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
  if (value < min || value > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** Milliseconds as "850 ms" or "12.3 s" */
export function elapsed(since: number): string {
  const ms = performance.now() - since;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The configuration the server would read; a variable set wrong is a CommandError naming it. */
export function loadCommandConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(error.message);
    throw error;
  }
}
