/** What the person at the terminal typed wrong: said with the command's usage. */
export class UsageError extends Error {}

/** A command's own output, for the person at the terminal (the server itself logs through pino). */
export function say(text: string): void {
  process.stdout.write(`${text}\n`);
}

/**
 * Runs a command-line tool and exits: 0 when `run` is done; 1 when it throws, with the usage after a UsageError,
 * only the message for the refusals the tool expects (`isExpected`: a bad setting, a file in use, …) and for
 * arguments node's parseArgs refuses, and the whole error (its stack) for anything else, which is a bug.
 */
export function runCommandLine(
  run: (args: string[]) => Promise<void>,
  usage: string,
  isExpected: (error: unknown) => boolean,
): void {
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`${error.message}\n\n${usage}`);
      } else if (
        isExpected(error) ||
        (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
      ) {
        console.error((error as Error).message);
      } else {
        console.error('Failed:', error);
      }
      process.exit(1);
    },
  );
}
