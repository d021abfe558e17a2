const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' });

/** Whole VND as the restaurant reads it: "200.000 ₫". */
export const formatVnd = (amount: number) => vnd.format(amount);
