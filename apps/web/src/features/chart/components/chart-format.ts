import type { ChartData } from '@quan/contract/report';
import { formatCompactNumber, formatCount, formatDayMonth, formatHour, formatPercent } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import type { Translate } from '../../../lib/i18n';

/*
 * The axes, the tooltips and the summaries write days, hours, counts, shares and an axis's short amounts in the
 * screen's language (lib/date-format.ts): "4,2 Tr", "1.234" on a Vietnamese screen, "4.2m", "1,234" on an
 * English one, and hours on the 24-hour clock ("19:00") in both. Money keeps the restaurant's own writing (lib/format.ts) in both.
 */

/** "2026-11-12" → "12/11". */
export function dayLabel(date: string): string {
  return formatDayMonth(date);
}

/**
 * 19 → "19:00": the 24-hour clock, as everywhere in the app. The hours are the restaurant's already (the server
 * groups by them), so they are shown as they are.
 */
export function hourLabel(hour: number): string {
  return formatHour(hour);
}

/** 19 → "19:00 – 20:00": the hour an order falls in. */
export function hourSpanLabel(hour: number): string {
  return `${hourLabel(hour)} – ${hourLabel((hour + 1) % 24)}`;
}

/** An axis tick: 4200000 → "4,2 Tr" (triệu) and 420000 → "420 N" (nghìn) in Vietnamese, "4.2m" and "420k" in English. */
export function compactMoney(amount: number): string {
  return formatCompactNumber(amount);
}

/** "1 order", "42 orders". */
export function ordersText(t: Translate, count: number): string {
  return t('chart.orderCount', { count, formatted: formatCount(count) });
}

/** The best day by revenue (the latest of equals); null without revenue. */
export function bestDay(daily: ChartData['daily']) {
  return daily.reduce<ChartData['daily'][number] | null>(
    (best, day) => (day.revenue > 0 && (!best || day.revenue >= best.revenue) ? day : best),
    null,
  );
}

/** "Best day: 12/11, 4.200.000 ₫. In all: 45.000.000 ₫ from 320 orders." */
export function dailySummary(t: Translate, daily: ChartData['daily']): string {
  const best = bestDay(daily);
  const revenue = daily.reduce((sum, day) => sum + day.revenue, 0);
  const orders = daily.reduce((sum, day) => sum + day.orders, 0);
  const total = t('chart.daily.total', { revenue: formatMoney(revenue), orders: ordersText(t, orders) });
  return best ? t('chart.daily.best', { day: dayLabel(best.date), revenue: formatMoney(best.revenue), total }) : total;
}

/** "Busiest hour: 19:00 – 20:00, 42 orders." (the earliest of equals); null without orders. */
export function hourlySummary(t: Translate, hourly: ChartData['hourly']): string | null {
  const busiest = hourly.reduce<ChartData['hourly'][number] | null>(
    (best, hour) => (hour.orders > 0 && (!best || hour.orders > best.orders) ? hour : best),
    null,
  );
  return busiest
    ? t('chart.hourly.busiest', { hour: hourSpanLabel(busiest.hour), orders: ordersText(t, busiest.orders) })
    : null;
}

/** "Top category: Noodles, 12.000.000 ₫ (45% of the dishes' revenue)."; null without sales. */
export function categorySummary(t: Translate, byCategory: ChartData['byCategory']): string | null {
  const total = byCategory.reduce((sum, category) => sum + category.revenue, 0);
  const top = byCategory.reduce<ChartData['byCategory'][number] | null>(
    (best, category) => (!best || category.revenue > best.revenue ? category : best),
    null,
  );
  if (!top || total <= 0) return null;
  const share = formatPercent((top.revenue / total) * 100);
  return t('chart.categories.top', { name: top.name, revenue: formatMoney(top.revenue), share });
}

/**
 * A preparation time in words, not to be read as a clock time: 33 → "33 s", 245 → "4 min 05 s", minutes not
 * wrapping at the hour: 3930 → "65 min 30 s". Past a minute the seconds keep two digits, so a column lines up.
 */
export function formatPrepTime(t: Translate, seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return t('chart.prepTime.seconds', { seconds: whole });
  return t('chart.prepTime.minutes', {
    minutes: Math.floor(whole / 60),
    seconds: String(whole % 60).padStart(2, '0'),
  });
}

/** The same time as an ISO 8601 duration, for `<time dateTime>`: 245 → "PT4M5S". */
export function prepTimeIso(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `PT${Math.floor(whole / 60)}M${whole % 60}S`;
}
