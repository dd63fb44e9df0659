import { parseArgs } from 'node:util';
import { backupCommand } from './cli/backup';
import { type Command, CommandError, type OptionSpec, UsageError } from './cli/command';
import { doctorCommand } from './cli/doctor';
import { grantAdminCommand } from './cli/grant-admin';
import { restoreCommand } from './cli/restore';
import { seedCommand } from './cli/seed';
import { syncCommand } from './cli/sync';

/**
 * Maintenance commands: `npm run cli -- <command> [options]`. Each command is one module under
 * server/cli/; list it here. Exit codes: 0 done, 1 failed, 2 bad usage.
 */
const COMMANDS: Command[] = [seedCommand, syncCommand, grantAdminCommand, doctorCommand, backupCommand, restoreCommand];

const PROGRAM = 'npm run cli --';

function optionLine(name: string, spec: OptionSpec): [string, string] {
  const flag = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.type === 'string' ? ` <${spec.placeholder ?? 'value'}>` : ''}`;
  return [flag, spec.description];
}

function table(rows: [string, string][], indent = '  '): string {
  const width = Math.max(0, ...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `${indent}${left.padEnd(width)}  ${right}`).join('\n');
}

function generalHelp(): string {
  return [
    `Usage: ${PROGRAM} <command> [options]`,
    '',
    'Commands:',
    table([
      ...COMMANDS.map((c): [string, string] => [usage(c), c.summary]),
      ['help [command]', 'Show this list, or the options of one command'],
    ]),
    '',
    'The database is the one the server uses: DATABASE_URL, else the embedded one under DATA_DIR.',
  ].join('\n');
}

const usage = (command: Command) => [command.name, ...(command.positionals ?? []).map((p) => `<${p.name}>`)].join(' ');

function commandHelp(command: Command): string {
  const options = Object.entries(command.options).map(([name, spec]) => optionLine(name, spec));
  options.push(['-h, --help', 'show this help']);
  const positionals = (command.positionals ?? []).map((p): [string, string] => [`<${p.name}>`, p.description]);
  return [
    `Usage: ${PROGRAM} ${usage(command)} [options]`,
    '',
    command.summary,
    ...(command.details ? ['', command.details] : []),
    ...(positionals.length > 0 ? ['', 'Arguments:', table(positionals)] : []),
    '',
    'Options:',
    table(options),
  ].join('\n');
}

function findCommand(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    throw new UsageError(`Unknown command "${name}". Commands: ${[...COMMANDS.map((c) => c.name), 'help'].join(', ')}.`);
  }
  return command;
}

async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' ? rest[0] : undefined;
    console.log(topic ? commandHelp(findCommand(topic)) : generalHelp());
    return 0;
  }
  const command = findCommand(name);
  let values: Record<string, string | boolean | undefined>;
  let args: string[];
  try {
    const options = Object.fromEntries(
      Object.entries(command.options).map(([key, spec]) => [key, { type: spec.type, ...(spec.short ? { short: spec.short } : {}) }]),
    );
    const parsed = parseArgs({
      args: rest,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: command.positionals !== undefined,
    });
    values = parsed.values as Record<string, string | boolean | undefined>;
    args = parsed.positionals;
  } catch (error) {
    // parseArgs explains unknown options, missing values and stray arguments itself.
    throw new UsageError(`${(error as Error).message.split('\n')[0]}\nRun "${PROGRAM} help ${command.name}" for its options.`);
  }
  if (values.help) {
    console.log(commandHelp(command));
    return 0;
  }
  const expected = command.positionals?.length ?? 0;
  if (args.length !== expected) {
    throw new UsageError(`Usage: ${PROGRAM} ${usage(command)} [options]\nRun "${PROGRAM} help ${command.name}" for more.`);
  }
  await command.run(values, { info: (message) => console.log(message) }, args);
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(error.message);
      process.exitCode = 2;
    } else if (error instanceof CommandError) {
      console.error(error.message);
      process.exitCode = 1;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
