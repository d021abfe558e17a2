/** Tailwind's amber-600, stone-700 and stone-200, so the charts match the rest of the app. */
export const chartColors = { revenue: '#d97706', orders: '#44403c', grid: '#e7e5e4' } as const;

export const tickStyle = { fontSize: 12, fill: '#57534e' } as const;

export const chartHeight = 288;
