/** A backup or restore that cannot go on, with what to do: the command prints it without a stack trace. */
export class BackupError extends Error {}
