import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whether the module at `moduleUrl` is the script tsx was started with (`tsx bench/x.ts`), rather than one
 * imported by another benchmark (bench/budgets.ts runs several in one process): only then does it run its
 * command-line entry point and set the exit code.
 */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1];
  return !!script && resolve(script) === fileURLToPath(moduleUrl);
}
