import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { join, relative } from 'node:path';
import { parseEscPos, rasterToPng, stackRasters, type EscPosCommand } from './escpos-parse';

/**
 * A STAND-IN network printer for `npm run demo`, never started by the server (`npm start` does not import it):
 * so that someone trying the demo sees the tickets their orders print. It listens on 127.0.0.1 at a free port
 * and speaks what the server speaks to a thermal printer on port 9100: it answers the real-time status requests
 * (DLE EOT n) as an online printer with paper, takes each connection's bytes as one job, and keeps the job's
 * raster images as one PNG in `folder`, `<HHmmss>-<n>-<printer name>.png`, with a line in the log.
 */

export type DemoPrinter = {
  name: string;
  address: { host: string; port: number };
  /** Stops listening, drops open connections and waits for the pictures being written. */
  close(): Promise<void>;
};

/** An online printer's answer to DLE EOT 1 to 4: the fixed bits (1 and 4) set, every error bit clear. */
const ONLINE = 0x12;

const twoDigits = (value: number) => String(value).padStart(2, '0');
const clockStamp = (at: Date) =>
  `${twoDigits(at.getHours())}${twoDigits(at.getMinutes())}${twoDigits(at.getSeconds())}`;

export async function startDemoPrinter({
  name,
  folder,
  log,
}: {
  name: string;
  folder: string;
  /** Where each job's line goes (the demo's console). */
  log: (line: string) => void;
}): Promise<DemoPrinter> {
  const sockets = new Set<net.Socket>();
  const saving = new Set<Promise<void>>();
  let printed = 0;

  const keep = async (commands: EscPosCommand[]) => {
    const opensDrawer = commands.some((command) => command.kind === 'pulse');
    const drawer = opensDrawer ? ', and opened the cash drawer' : '';
    if (!commands.some((command) => command.kind === 'raster')) {
      // A drawer job is a pulse alone; a printer switched to text mode on the Printers screen sends no picture.
      log(
        opensDrawer
          ? `${name} opened the cash drawer`
          : `${name} printed a job in text mode (kept only in raster mode)`,
      );
      return;
    }
    printed += 1;
    const file = join(folder, `${clockStamp(new Date())}-${printed}-${name}.png`);
    await mkdir(folder, { recursive: true });
    await writeFile(file, rasterToPng(stackRasters(commands)));
    log(`${name} printed a ticket: ${relative(process.cwd(), file)}${drawer}`);
  };

  const serve = (socket: net.Socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    let answered = 0;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Read from the start each time, so a request split across two reads is answered once.
      const requests = parseEscPos(Buffer.concat(chunks)).filter((command) => command.kind === 'status-request');
      for (const request of requests.slice(answered)) {
        if (request.n >= 1 && request.n <= 4) socket.write(Uint8Array.of(ONLINE));
      }
      answered = requests.length;
    });
    socket.on('end', () => {
      socket.end();
      const commands = parseEscPos(Buffer.concat(chunks));
      // The server asks for the status on a connection of its own, before it sends a job: that one prints nothing.
      if (commands.every((command) => command.kind === 'status-request')) return;
      const saved = keep(commands)
        .catch((error: unknown) =>
          log(`${name} could not keep a ticket: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => saving.delete(saved));
      saving.add(saved);
    });
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };

  const server = net.createServer({ allowHalfOpen: true }, serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    name,
    address: { host: '127.0.0.1', port },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await Promise.all(saving);
    },
  };
}
