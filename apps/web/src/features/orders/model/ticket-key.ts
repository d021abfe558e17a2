/**
 * The key of a kitchen ticket: one round of one order, for one station or for all of them. The one format for a
 * ticket's printing, its refusals and its "not printed" mark, so that each is a look-up by the same key.
 */
export function ticketKey(orderId: string, roundNo: number, stationId: string | null): string {
  return `${orderId}-${roundNo}-${stationId ?? 'all'}`;
}
