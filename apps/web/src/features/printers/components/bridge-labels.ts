import type { PrintBridge } from '@quan/contract/printers';
import { appLocale } from '../../../lib/date-format';

/** A running bridge asks for jobs at least every half minute: a minute without a word means it has stopped. */
const connectedWithinMs = 60_000;

export function isBridgeConnected(bridge: Pick<PrintBridge, 'lastSeenAt' | 'revokedAt'>, now: number): boolean {
  if (bridge.revokedAt !== null || bridge.lastSeenAt === null) return false;
  return now - Date.parse(bridge.lastSeenAt) < connectedWithinMs;
}

const units: readonly { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
];

/** "12 giây trước", "3 phút trước", "hôm qua": when something happened, in the largest unit that fits. */
export function formatTimeAgo(at: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  const format = new Intl.RelativeTimeFormat(appLocale(), { numeric: 'auto' });
  const fitting = units.find((one) => seconds >= one.seconds);
  return fitting
    ? format.format(-Math.floor(seconds / fitting.seconds), fitting.unit)
    : format.format(-seconds, 'second');
}

/** The command that runs a bridge with its key, against the address this screen was opened on. */
export function bridgeCommand(key: string, origin = window.location.origin): string {
  return `npm run print-bridge -- --server ${origin} --key ${key}`;
}
