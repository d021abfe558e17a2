import net from 'node:net';
import { printerAddressSchema, type PrinterAddress } from '@quan/contract/printer-address';

/**
 * Raw TCP to a network ESC/POS printer (port 9100): the bytes go in, nothing comes back but the real-time status
 * a printer answers when asked. ESC/POS has no acknowledgement, so a job counts as delivered when the printer has
 * read it to the end and closed the connection in turn; whatever else happens is a typed failure the queue can
 * act on.
 *
 * - `refused_address`: the address is not on the restaurant's network; nothing was opened, and trying again
 *   cannot help.
 * - `unreachable`: the connection never opened (refused, no route, no answer in time); nothing reached the
 *   printer, so the job can go elsewhere without printing twice.
 * - `timeout`, `reset`: the connection opened but the job did not finish (the printer stopped reading, or cut the
 *   connection); part of it may be on paper.
 */
export type PrinterTransportFailure = 'refused_address' | 'unreachable' | 'timeout' | 'reset';

export class PrinterTransportError extends Error {
  constructor(
    readonly kind: PrinterTransportFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PrinterTransportError';
  }
}

/** The address rule again, right before a socket opens, whoever called: the server never dials the internet. */
function checkedAddress(address: PrinterAddress): PrinterAddress {
  const parsed = printerAddressSchema.safeParse({ host: address.host, port: address.port });
  if (!parsed.success) {
    const reason = parsed.error.issues.map((issue) => issue.message).join('; ');
    throw new PrinterTransportError('refused_address', `${address.host}:${address.port}: ${reason}`);
  }
  return parsed.data;
}

/**
 * Sends one job and resolves once the printer has read every byte and closed the connection. `timeoutMs` bounds
 * the whole exchange, connecting included.
 */
export async function sendToPrinter(
  address: PrinterAddress,
  bytes: Uint8Array,
  { timeoutMs }: { timeoutMs: number },
): Promise<void> {
  const target = checkedAddress(address);
  const where = `${target.host}:${target.port}`;
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: target.host, port: target.port });
    let connected = false;
    let settled = false;
    const settle = (failure?: PrinterTransportError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.destroy();
      if (failure) reject(failure);
      else resolve();
    };
    const deadline = setTimeout(() => {
      settle(
        connected
          ? new PrinterTransportError('timeout', `The printer at ${where} did not take the job within ${timeoutMs} ms`)
          : new PrinterTransportError('unreachable', `The printer at ${where} did not answer within ${timeoutMs} ms`),
      );
    }, timeoutMs);

    socket.once('connect', () => {
      connected = true;
      socket.end(bytes);
    });
    // Some printers report their status unasked; reading it lets the printer's closing of the connection through.
    socket.on('data', () => {});
    socket.on('error', (error: NodeJS.ErrnoException) => {
      settle(
        new PrinterTransportError(connected ? 'reset' : 'unreachable', `${where}: ${error.code ?? error.message}`),
      );
    });
    socket.once('close', () => {
      settle(
        socket.writableFinished
          ? undefined
          : new PrinterTransportError('reset', `The printer at ${where} closed the connection before the job's end`),
      );
    });
  });
}

/**
 * What a printer says of itself. `no_answer`: the connection opened but the printer answered no status request,
 * as many cheap printers do; it is probably online and can be sent to. `unreachable`: no connection.
 */
export type PrinterStatus = 'online' | 'paper_out' | 'cover_open' | 'offline' | 'unreachable' | 'no_answer';
export type PrinterStatusReading = { status: PrinterStatus; paperNearEnd: boolean };

const DLE = 0x10;
const EOT = 0x04;
/** DLE EOT n, in this order: printer status, offline cause, roll paper sensor. */
const STATUS_REQUESTS = [1, 2, 4] as const;

/** Every status byte has bits 1 and 4 set and bits 0 and 7 clear; anything else is not an answer. */
const isStatusByte = (byte: number) => (byte & 0x93) === 0x12;

const PRINTER_OFFLINE = 0x08; // DLE EOT 1, bit 3
const COVER_OPEN = 0x04; // DLE EOT 2, bit 2
const STOPPED_BY_PAPER_END = 0x20; // DLE EOT 2, bit 5
const PAPER_NEAR_END = 0x0c; // DLE EOT 4, bits 2-3
const PAPER_NOT_PRESENT = 0x60; // DLE EOT 4, bits 5-6

/** Reads the answers to DLE EOT 1, 2 and 4 as Epson's ESC/POS reference defines their bits. */
function interpretStatusBytes(answers: readonly number[]): PrinterStatusReading {
  const [printer, offlineCause = 0, paperSensor = 0] = answers;
  if (printer === undefined) return { status: 'no_answer', paperNearEnd: false };
  const paperNearEnd = (paperSensor & PAPER_NEAR_END) !== 0;
  if ((offlineCause & COVER_OPEN) !== 0) return { status: 'cover_open', paperNearEnd };
  if ((offlineCause & STOPPED_BY_PAPER_END) !== 0 || (paperSensor & PAPER_NOT_PRESENT) !== 0) {
    return { status: 'paper_out', paperNearEnd };
  }
  if ((printer & PRINTER_OFFLINE) !== 0) return { status: 'offline', paperNearEnd };
  return { status: 'online', paperNearEnd };
}

/**
 * Asks the printer its real-time status, one request after the other on one connection, one byte per answer.
 * Never throws for a printer's sake: a printer that cannot be reached is `unreachable`; a refused address throws.
 */
export async function readPrinterStatus(
  address: PrinterAddress,
  { timeoutMs }: { timeoutMs: number },
): Promise<PrinterStatusReading> {
  const target = checkedAddress(address);
  return new Promise((resolve) => {
    const socket = net.createConnection({ host: target.host, port: target.port });
    const answers: number[] = [];
    let connected = false;
    let settled = false;
    const settle = (reading: PrinterStatusReading) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.destroy();
      resolve(reading);
    };
    const unreachable: PrinterStatusReading = { status: 'unreachable', paperNearEnd: false };
    const finish = () => settle(connected ? interpretStatusBytes(answers) : unreachable);
    const ask = () => {
      const next = STATUS_REQUESTS[answers.length];
      if (next === undefined) finish();
      else socket.write(Uint8Array.of(DLE, EOT, next));
    };
    const deadline = setTimeout(finish, timeoutMs);

    socket.once('connect', () => {
      connected = true;
      ask();
    });
    socket.on('data', (chunk: Buffer) => {
      for (const byte of chunk) {
        if (!isStatusByte(byte)) return finish();
        answers.push(byte);
        if (answers.length === STATUS_REQUESTS.length) return finish();
      }
      ask();
    });
    socket.on('error', finish);
    socket.once('close', finish);
  });
}
