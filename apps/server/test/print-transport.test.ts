import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PrinterTransportError,
  readPrinterStatus,
  sendToPrinter,
  type PrinterTransportFailure,
} from '../src/modules/printing/transport/tcp-printer';
import { startFakePrinter, type FakePrinter } from './support/fake-printer';

const printers: FakePrinter[] = [];
const otherServers: { listening: net.Server; sockets: Set<net.Socket> }[] = [];

async function printer(options?: Parameters<typeof startFakePrinter>[0]) {
  const started = await startFakePrinter(options);
  printers.push(started);
  return started;
}

/** A loopback server that handles each connection as told, for the failures a fake printer does not play. */
async function server(onConnection: (socket: net.Socket) => void, options: net.ServerOpts = {}) {
  const sockets = new Set<net.Socket>();
  const listening = net.createServer(options, (socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  otherServers.push({ listening, sockets });
  await new Promise<void>((resolve) => listening.listen({ host: '127.0.0.1', port: 0 }, resolve));
  return { host: '127.0.0.1', port: (listening.address() as net.AddressInfo).port };
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(printers.splice(0).map((started) => started.close()));
  await Promise.all(
    otherServers.splice(0).map(({ listening, sockets }) => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => listening.close(resolve));
    }),
  );
});

/** ESC @, a line of text, a 576-dot raster 1000 rows high (in many TCP reads), a partial cut. */
function ticketBytes(): Uint8Array {
  const rows = 1000;
  const bytesPerRow = 576 / 8;
  const raster = new Uint8Array(bytesPerRow * rows).map((_, index) => (index * 31) & 0xff);
  return Uint8Array.from([
    ...[0x1b, 0x40],
    ...Buffer.from('BAN 5\n', 'latin1'),
    ...[0x1d, 0x76, 0x30, 0x00, bytesPerRow, 0, rows & 0xff, rows >> 8],
    ...raster,
    ...[0x1d, 0x56, 0x41, 0x03],
  ]);
}

async function failureOf(sending: Promise<unknown>): Promise<PrinterTransportFailure> {
  const error = await sending.then(
    () => expect.unreachable('the send should have failed'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PrinterTransportError);
  return (error as PrinterTransportError).kind;
}

describe('sending a job to a network printer', () => {
  it('delivers the bytes exactly, and resolves once the printer has read them all', async () => {
    const kitchen = await printer();
    const bytes = ticketBytes();

    await sendToPrinter(kitchen.address, bytes, { timeoutMs: 5000 });

    expect(kitchen.jobs).toHaveLength(1);
    expect(Buffer.from(kitchen.jobs[0]!.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(kitchen.jobs[0]!.commands.map((command) => command.kind)).toEqual(['init', 'text', 'raster', 'cut']);
    expect(kitchen.jobs[0]!.commands[2]).toMatchObject({ kind: 'raster', width: 576, height: 1000 });
  });

  it('finds a switched-off printer unreachable at once, and reaches it at the same port once it is back', async () => {
    const kitchen = await printer();
    await kitchen.switchOff();

    const startedAt = performance.now();
    expect(await failureOf(sendToPrinter(kitchen.address, ticketBytes(), { timeoutMs: 5000 }))).toBe('unreachable');
    expect(performance.now() - startedAt).toBeLessThan(1000);

    await kitchen.switchOn();
    await sendToPrinter(kitchen.address, ticketBytes(), { timeoutMs: 5000 });
    expect(kitchen.jobs).toHaveLength(1);
  });

  it('gives up with a timeout when the printer takes the connection but never reads the job', async () => {
    const stuck = await server(() => {}, { pauseOnConnect: true });

    const startedAt = performance.now();
    expect(await failureOf(sendToPrinter(stuck, ticketBytes(), { timeoutMs: 300 }))).toBe('timeout');
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(290);
    expect(performance.now() - startedAt).toBeLessThan(2000);
  });

  it('reports a reset when the printer cuts the connection in the middle of the job', async () => {
    const cutting = await server((socket) => socket.once('data', () => socket.resetAndDestroy()));

    expect(await failureOf(sendToPrinter(cutting, ticketBytes(), { timeoutMs: 5000 }))).toBe('reset');
  });

  it('keeps a job a paper-out printer buffers, and loses one it is told to drop', async () => {
    const bar = await printer();
    bar.setState('paper_out');
    await sendToPrinter(bar.address, ticketBytes(), { timeoutMs: 5000 });
    bar.setState('paper_out', { dropJobs: true });
    await sendToPrinter(bar.address, ticketBytes(), { timeoutMs: 5000 });

    expect(bar.jobs).toHaveLength(1);
  });
});

describe("reading a printer's status", () => {
  it.each([
    ['online', { status: 'online', paperNearEnd: false }],
    ['paper_near_end', { status: 'online', paperNearEnd: true }],
    ['paper_out', { status: 'paper_out', paperNearEnd: true }],
    ['cover_open', { status: 'cover_open', paperNearEnd: false }],
    ['offline', { status: 'offline', paperNearEnd: false }],
  ] as const)('reads a printer that is %s', async (state, reading) => {
    const counter = await printer();
    counter.setState(state);

    expect(await readPrinterStatus(counter.address, { timeoutMs: 2000 })).toEqual(reading);
    // The printer status, the offline cause and the paper sensor, asked one after the other.
    expect(counter.statusRequests).toEqual([1, 2, 4]);
    expect(counter.jobs).toEqual([]);
  });

  it('says no_answer for a printer that takes the connection but answers no status request', async () => {
    const cheap = await printer({ answersStatus: false });

    expect(await readPrinterStatus(cheap.address, { timeoutMs: 300 })).toEqual({
      status: 'no_answer',
      paperNearEnd: false,
    });
    expect(cheap.statusRequests).toEqual([1]);
  });

  it('says unreachable for a printer that is switched off', async () => {
    const counter = await printer();
    await counter.switchOff();

    expect(await readPrinterStatus(counter.address, { timeoutMs: 2000 })).toEqual({
      status: 'unreachable',
      paperNearEnd: false,
    });
  });
});

describe('an address off the restaurant network', () => {
  it.each([
    [{ host: '8.8.8.8', port: 9100 }, 'a public address'],
    [{ host: 'printer.example.com', port: 9100 }, 'a host name'],
    [{ host: '100.64.0.7', port: 9100 }, 'a carrier-grade NAT address'],
    [{ host: '127.0.0.1', port: 0 }, 'a port out of range'],
  ])('is refused without opening any connection: %o (%s)', async (address) => {
    const connecting = vi.spyOn(net, 'createConnection');

    expect(await failureOf(sendToPrinter(address, ticketBytes(), { timeoutMs: 1000 }))).toBe('refused_address');
    expect(await failureOf(readPrinterStatus(address, { timeoutMs: 1000 }))).toBe('refused_address');
    expect(connecting).not.toHaveBeenCalled();
  });

  it('is told apart from a loopback address, which does connect (the spy sees connections)', async () => {
    const kitchen = await printer();
    const connecting = vi.spyOn(net, 'createConnection');

    await sendToPrinter(kitchen.address, ticketBytes(), { timeoutMs: 5000 });

    expect(connecting).toHaveBeenCalledWith({ host: '127.0.0.1', port: kitchen.address.port });
  });
});
