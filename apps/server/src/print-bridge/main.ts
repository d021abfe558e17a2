import { parseArgs } from 'node:util';
import { runBridge } from './run-bridge';

/**
 * npm run print-bridge -- --server https://quan.example.vn --key qpb_…
 *
 * Runs on any machine of the restaurant's network (the key comes from More → Printers → Print bridges). The
 * key may also come from QUAN_BRIDGE_KEY, so that it stays out of the shell's history.
 */
const { values } = parseArgs({
  options: { server: { type: 'string' }, key: { type: 'string' } },
});
const server = values.server ?? process.env.QUAN_SERVER;
const key = values.key ?? process.env.QUAN_BRIDGE_KEY;
if (!server || !key) {
  console.error('Usage: npm run print-bridge -- --server https://quan.example.vn --key <bridge key>');
  process.exit(2);
}

const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
const log = (message: string) => process.stdout.write(`${new Date().toISOString()} ${message}\n`);
log(`print bridge for ${server}: waiting for jobs`);
try {
  await runBridge({ server, key, signal: stop.signal, log });
} catch (error) {
  // A refused key or an address given without https: said plainly, not as a stack.
  console.error((error as Error).message);
  process.exit(1);
}
