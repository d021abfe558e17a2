import type { BridgeJob, BridgeJobResultBody } from '@quan/contract/printers';
import { PrinterTransportError, sendToPrinter } from '../modules/printing/transport/tcp-printer';

const SEND_TIMEOUT_MS = 15_000;
/** After the server could not be reached, the bridge waits this long before asking again. */
const RETRY_MS = 2_000;

export class BridgeKeyRefused extends Error {}

export interface BridgeOptions {
  /** Quán's address, e.g. https://quan.example.vn. */
  server: string;
  key: string;
  signal: AbortSignal;
  log: (message: string) => void;
  /** The long poll's wait (the server answers sooner when a job is queued). */
  waitSeconds?: number;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * The print bridge's loop: asks Quán for the next job of this branch's bridged printers, sends its bytes to the
 * printer on this network, says what became of it, and asks again. The server keeps the queue (order, retries,
 * fallback); the bridge holds nothing, so stopping it loses nothing. Ends when `signal` aborts, or throws
 * BridgeKeyRefused when its key was revoked.
 */
export async function runBridge(options: BridgeOptions): Promise<void> {
  const { server, key, signal, log } = options;
  const { protocol, hostname } = new URL(server);
  // The key travels in every call: over plain HTTP only to this machine.
  if (protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(hostname)) {
    throw new Error(`Give Quán's https:// address: the bridge's key must not cross the network in clear (${server})`);
  }
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(path, server), { ...init, headers, signal });
    if (response.status === 401) throw new BridgeKeyRefused('Quán refused this bridge key: make a new one');
    // Quán no longer waits for this answer (the job was deleted, moved off this bridge, or sent again): done.
    if (response.status === 404 || response.status === 409) return { data: null };
    if (!response.ok) throw new Error(`Quán answered ${response.status} to ${path}`);
    return (await response.json()) as { data: unknown };
  };

  while (!signal.aborted) {
    let job: BridgeJob | null;
    try {
      job = (await call(`/api/print-bridge/next?waitSeconds=${options.waitSeconds ?? 25}`)).data as BridgeJob | null;
    } catch (error) {
      if (error instanceof BridgeKeyRefused) throw error;
      if (signal.aborted) return;
      log(`cannot reach Quán (${(error as Error).message}); trying again`);
      await pause(RETRY_MS, signal);
      continue;
    }
    if (!job) continue;

    let result: BridgeJobResultBody = { attempt: job.attempt, printed: true };
    try {
      await sendToPrinter(job.printer, Buffer.from(job.bytes, 'base64'), { timeoutMs: SEND_TIMEOUT_MS });
      log(`printed on ${job.printer.name}`);
    } catch (error) {
      if (!(error instanceof PrinterTransportError)) throw error;
      result = { attempt: job.attempt, printed: false, failure: error.kind };
      log(`${job.printer.name} (${job.printer.host}:${job.printer.port}): ${error.kind}; the job waits in Quán`);
    }
    // Told until Quán hears it: a job it never hears about goes out again as a reprint once its lease lapses.
    while (!signal.aborted) {
      try {
        await call(`/api/print-bridge/jobs/${job.jobId}/result`, { method: 'POST', body: JSON.stringify(result) });
        break;
      } catch (error) {
        if (error instanceof BridgeKeyRefused) throw error;
        if (signal.aborted) return;
        await pause(RETRY_MS, signal);
      }
    }
  }
}
