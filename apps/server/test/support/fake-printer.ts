import net from 'node:net';
import { parseEscPos, type EscPosCommand } from '../../src/demo/escpos-parse';

/**
 * A network thermal printer on loopback, as the server sees one on port 9100: it takes a job per connection,
 * answers the real-time status requests (DLE EOT n) at once from its state, and can be switched off (connections
 * refused) and on again at the same port. Tests read what it printed back as ESC/POS commands.
 */

/** A job the printer read to its end: the sender wrote its bytes and closed its side. */
export type ReceivedJob = { bytes: Uint8Array; commands: EscPosCommand[] };

export type FakePrinterState = 'online' | 'paper_near_end' | 'paper_out' | 'cover_open' | 'offline';

export type FakePrinter = {
  address: { host: string; port: number };
  jobs: ReceivedJob[];
  /** The n of every DLE EOT n it was asked, in order. */
  statusRequests: number[];
  /**
   * With paper out, the cover open or offline a real printer either buffers what it receives or drops it:
   * this one keeps the jobs unless told to drop them.
   */
  setState(state: FakePrinterState, options?: { dropJobs?: boolean }): void;
  switchOff(): Promise<void>;
  switchOn(): Promise<void>;
  waitForJobs(count: number, timeoutMs?: number): Promise<ReceivedJob[]>;
  close(): Promise<void>;
};

/**
 * The byte each state answers to DLE EOT 1 (printer), 2 (offline cause), 3 (error cause) and 4 (roll paper
 * sensor), bit by bit as Epson's ESC/POS reference lays them out: 0x12 is the fixed bits, all clear.
 */
const FIXED = 0x12;
const statusBytes: Record<FakePrinterState, Record<number, number>> = {
  online: { 1: FIXED, 2: FIXED, 3: FIXED, 4: FIXED },
  paper_near_end: { 1: FIXED, 2: FIXED, 3: FIXED, 4: FIXED | 0x0c },
  paper_out: { 1: FIXED | 0x08, 2: FIXED | 0x20, 3: FIXED, 4: FIXED | 0x0c | 0x60 },
  cover_open: { 1: FIXED | 0x08, 2: FIXED | 0x04, 3: FIXED, 4: FIXED },
  offline: { 1: FIXED | 0x08, 2: FIXED | 0x40, 3: FIXED | 0x08, 4: FIXED },
};

/**
 * Starts a printer on 127.0.0.1 at a free port. `answersStatus: false` makes one of the many cheap printers that
 * never answer a status request.
 */
export async function startFakePrinter({
  answersStatus = true,
}: { answersStatus?: boolean } = {}): Promise<FakePrinter> {
  let state: FakePrinterState = 'online';
  let dropJobs = false;
  let port = 0;
  let server: net.Server | null = null;
  let closed = false;
  const sockets = new Set<net.Socket>();
  const jobs: ReceivedJob[] = [];
  const statusRequests: number[] = [];
  const jobWaiters = new Set<() => void>();

  const serve = (socket: net.Socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    let answered = 0;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Parsed from the start each time, so a request split across two reads is still seen once.
      const requests = parseEscPos(Buffer.concat(chunks)).filter((command) => command.kind === 'status-request');
      for (const request of requests.slice(answered)) {
        statusRequests.push(request.n);
        const answer = statusBytes[state][request.n];
        if (answersStatus && answer !== undefined) socket.write(Uint8Array.of(answer));
      }
      answered = requests.length;
    });
    socket.on('end', () => {
      const bytes = new Uint8Array(Buffer.concat(chunks));
      const commands = parseEscPos(bytes);
      const isJob = commands.some((command) => command.kind !== 'status-request');
      const drops = dropJobs && state !== 'online' && state !== 'paper_near_end';
      if (isJob && !drops) {
        jobs.push({ bytes, commands });
        for (const wake of jobWaiters) wake();
      }
      socket.end();
    });
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };

  const switchOn = async () => {
    if (closed) throw new Error('The fake printer was closed; start another');
    if (server) return;
    const listening = net.createServer({ allowHalfOpen: true }, serve);
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen({ host: '127.0.0.1', port }, () => {
        listening.off('error', reject);
        resolve();
      });
    });
    port = (listening.address() as net.AddressInfo).port;
    server = listening;
  };

  const switchOff = async () => {
    const listening = server;
    if (!listening) return;
    server = null;
    const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await switchOn();

  return {
    address: { host: '127.0.0.1', port },
    jobs,
    statusRequests,
    setState(next, options = {}) {
      state = next;
      dropJobs = options.dropJobs ?? false;
    },
    switchOff,
    switchOn,
    waitForJobs(count, timeoutMs = 5000) {
      if (jobs.length >= count) return Promise.resolve(jobs.slice());
      return new Promise((resolve, reject) => {
        const wake = () => {
          if (jobs.length < count) return;
          clearTimeout(timer);
          jobWaiters.delete(wake);
          resolve(jobs.slice());
        };
        const timer = setTimeout(() => {
          jobWaiters.delete(wake);
          reject(new Error(`The fake printer received ${jobs.length} of ${count} jobs within ${timeoutMs} ms`));
        }, timeoutMs);
        jobWaiters.add(wake);
      });
    },
    async close() {
      closed = true;
      await switchOff();
    },
  };
}
