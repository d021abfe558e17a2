/**
 * Ctrl-C in a benchmark stops its loops at the next step and lets the ordinary `finally` blocks close
 * servers and drop scratch databases; exiting from the signal handler would race them and leave things
 * behind. A second Ctrl-C (more than a second later) quits at once.
 */
export class Interrupted extends Error {
  override name = 'Interrupted';
}

let interrupted = false;
let interruptedAt = 0;
const listeners: (() => void)[] = [];

process.on('SIGINT', () => {
  for (const listener of listeners) listener();
  if (!interrupted) {
    interrupted = true;
    interruptedAt = Date.now();
    console.error('\nInterrupted; cleaning up (Ctrl-C again to quit at once)');
    return;
  }
  // tsx relays the terminal's Ctrl-C to this process a second time when it is slow to acknowledge the
  // first (tens of milliseconds on a busy machine): only a later one is a second Ctrl-C.
  if (Date.now() - interruptedAt > 1000) process.exit(130);
});

/** Runs on every Ctrl-C, before the loops notice it (e.g. to kill a child that would not hear it). */
export function onInterrupt(listener: () => void): void {
  listeners.push(listener);
}

export function stopIfInterrupted(): void {
  if (interrupted) throw new Interrupted('Interrupted');
}
