import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { BillSummary } from './BillSummary';

/** An amount as text content reads it: formatMoney puts a no-break space before ₫. */
const money = (amount: number) => formatMoney(amount).replace(/\s/g, ' ');

const bill = { discount: 0, couponCode: null, taxRate: 8, serviceRate: 0, points: null };

afterEach(() => activateLanguage('en', 'staff'));

describe('BillSummary', () => {
  it('shows the VAT the menu prices hold, and a total that is their sum', () => {
    render(<BillSummary {...bill} subtotal={108_000} pricesIncludeTax />);
    expect(screen.getByText('VAT included (8%)').nextSibling).toHaveTextContent(money(8_000));
    expect(screen.getByText('Total').nextSibling).toHaveTextContent(money(108_000));
  });

  it('adds the VAT on top when the prices do not hold it', () => {
    render(<BillSummary {...bill} subtotal={100_000} pricesIncludeTax={false} />);
    expect(screen.getByText('Tax (8%)').nextSibling).toHaveTextContent(money(8_000));
    expect(screen.getByText('Total').nextSibling).toHaveTextContent(money(108_000));
  });

  it('says it in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    render(<BillSummary {...bill} subtotal={56_880} pricesIncludeTax />);
    expect(screen.getByText(/^Đã gồm VAT 8/).nextSibling).toHaveTextContent(money(4_213));
  });
});
