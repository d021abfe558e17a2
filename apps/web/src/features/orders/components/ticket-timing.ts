import { ticketUrgency, type TicketUrgency } from '@quan/contract/stations';
import type { Translate } from '../../../lib/i18n';

export function elapsedMinutes(since: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
}

/** "7 min", "1 h 05 min". */
export function formatElapsed(t: Translate, minutes: number): string {
  if (minutes < 60) return t('orders.elapsed.minutes', { minutes });
  return t('orders.elapsed.hours', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}

export type ElapsedTone = 'fresh' | 'waiting' | 'late';

/** Green under 10 minutes, amber under 20, red after: for a ticket without a target time. */
export function elapsedTone(minutes: number): ElapsedTone {
  if (minutes < 10) return 'fresh';
  return minutes < 20 ? 'waiting' : 'late';
}

const toneOfUrgency: Record<TicketUrgency, ElapsedTone> = { on_time: 'fresh', due: 'waiting', late: 'late' };

/**
 * Where a ticket is for the cooks: a diner's round nobody has accepted yet (not theirs to make), being made, or
 * finished (the whole round, or this station's part of it). Only a ticket being made runs against the clock.
 */
export type TicketPhase = 'awaiting' | 'making' | 'done';

/** A ticket's colour: how late it is while it is being made, else its phase. */
export type TicketTone = ElapsedTone | Exclude<TicketPhase, 'making'>;

/** What a ticket's colour says, in words too: colour alone does not reach everyone. */
export const toneMessages: Record<TicketTone, string> = {
  fresh: 'orders.tone.fresh',
  waiting: 'orders.tone.waiting',
  late: 'orders.tone.late',
  awaiting: 'orders.tone.awaiting',
  done: 'orders.tone.done',
};

export interface TicketTiming {
  /** Whole minutes since the round was sent. */
  minutes: number;
  tone: TicketTone;
  /** The target the tone is measured against; null when no dish or station has one (the fixed 10/20 minutes apply). */
  targetMinutes: number | null;
}

/**
 * How late a ticket being made is: against its target (amber at the target, red past one and a half times it),
 * or, with no target anywhere, by the kitchen's old rule of thumb. A ticket waiting for approval or finished
 * is never late: its tone is its phase.
 */
export function ticketTiming(
  sentAt: string,
  now: number,
  targetMinutes: number | null,
  phase: TicketPhase = 'making',
): TicketTiming {
  const minutes = elapsedMinutes(sentAt, now);
  if (phase !== 'making') return { minutes, tone: phase, targetMinutes };
  const tone =
    targetMinutes === null
      ? elapsedTone(minutes)
      : toneOfUrgency[ticketUrgency(Math.max(0, now - Date.parse(sentAt)), targetMinutes)];
  return { minutes, tone, targetMinutes };
}
