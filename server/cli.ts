import { parseArgs } from 'node:util';
import { type Command, CommandError, type OptionSpec, UsageError } from './cli/command';
import { seedCommand } from './cli/seed';
import { syncCommand } from './cli/sync';

/**
 * Maintenance commands: `npm run cli -- <command> [options]`. Each command is one module under
 * server/cli/; list it here. Exit codes: 0 done, 1 failed, 2 bad usage.
 */
const COMMANDS: Command[] = [seedCommand, syncCommand];

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
      ...COMMANDS.map((c): [string, string] => [c.name, c.summary]),
      ['help [command]', 'Show this list, or the options of one command'],
    ]),
    '',
    'The database is the one the server uses: DATABASE_URL, else the embedded one under DATA_DIR.',
  ].join('\n');
}

function commandHelp(command: Command): string {
  const options = Object.entries(command.options).map(([name, spec]) => optionLine(name, spec));
  options.push(['-h, --help', 'show this help']);
  return [
    `Usage: ${PROGRAM} ${command.name} [options]`,
    '',
    command.summary,
    ...(command.details ? ['', command.details] : []),
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
  try {
    const options = Object.fromEntries(
      Object.entries(command.options).map(([key, spec]) => [key, { type: spec.type, ...(spec.short ? { short: spec.short } : {}) }]),
    );
    const parsed = parseArgs({
      args: rest,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    values = parsed.values as Record<string, string | boolean | undefined>;
  } catch (error) {
    // parseArgs explains unknown options, missing values and stray arguments itself.
    throw new UsageError(`${(error as Error).message.split('\n')[0]}\nRun "${PROGRAM} help ${command.name}" for its options.`);
  }
  if (values.help) {
    console.log(commandHelp(command));
    return 0;
  }
  await command.run(values, { info: (message) => console.log(message) });
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
