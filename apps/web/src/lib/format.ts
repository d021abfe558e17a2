const locale = 'vi-VN';
const timeZone = 'Asia/Ho_Chi_Minh';

const moneyFormat = new Intl.NumberFormat(locale, { style: 'currency', currency: 'VND' });
const dateFormat = new Intl.DateTimeFormat(locale, {
  timeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat(locale, {
  timeZone,
  hour12: true,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 65000 → "65.000 ₫" (money is an integer number of VND). */
export function formatMoney(amount: number): string {
  return moneyFormat.format(amount);
}

export function formatDate(value: string | Date): string {
  return dateFormat.format(new Date(value));
}

export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(new Date(value));
}

/** The hour of the day (0–23) in the restaurant's time zone. */
export function hourInRestaurant(value: Date): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(value);
  return Number(hour);
}
