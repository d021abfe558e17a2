import type { KitchenTicketData } from './kitchen-tickets';
import { billedQuantity } from './order-lines';

/** One dish, with its options, and how many portions of it the open tickets still wait for. */
export interface AllDayDish {
  /** The dish and its options: two lines with the same make the same dish. */
  key: string;
  name: string;
  /** Its options as sold ("tái", "Lớn"); none for a plain dish. */
  options: string[];
  count: number;
}

/**
 * The all-day count of a kitchen screen: how many portions of each dish, with its options, the tickets shown
 * still wait for, so the cook drops six portions of noodles at once. Only rounds accepted into the kitchen
 * count (a diner's round waiting for approval may yet be rejected), and only lines not done and not voided.
 * Notes stay on the tickets: they are one guest's, not the dish's. The most wanted first.
 */
export function allDayCount(tickets: readonly KitchenTicketData[]): AllDayDish[] {
  const dishes = new Map<string, AllDayDish>();
  for (const { round, lines } of tickets) {
    if (round.status !== 'in_progress') continue;
    for (const line of lines) {
      const portions = billedQuantity(line);
      if (portions === 0 || line.readyAt !== null) continue;
      const options = line.options.map((option) => option.name);
      const key = JSON.stringify([line.itemId ?? line.name, ...options]);
      const dish = dishes.get(key) ?? { key, name: line.name, options, count: 0 };
      dish.count += portions;
      dishes.set(key, dish);
    }
  }
  return [...dishes.values()].sort(
    (a, b) =>
      b.count - a.count ||
      a.name.localeCompare(b.name, 'vi') ||
      a.options.join(', ').localeCompare(b.options.join(', '), 'vi'),
  );
}
