import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { computeBill } from '@quan/contract/bill';
import type { RateAmount } from '@quan/contract/vat';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { BillSummary } from './BillSummary';

/** An amount as text content reads it: formatMoney puts a no-break space before ₫. */
const money = (amount: number) => formatMoney(amount).replace(/\s/g, ' ');

function renderBill(subtotals: RateAmount[], pricesIncludeTax: boolean) {
  const bill = computeBill({ subtotals, discount: 0, pricesIncludeTax, serviceVatRate: 8 });
  render(<BillSummary bill={bill} couponCode={null} points={null} />);
}

afterEach(() => activateLanguage('en', 'staff'));

describe('BillSummary', () => {
  it('shows the VAT the menu prices hold, and a total that is their sum', () => {
    renderBill([{ vatRate: 8, amount: 108_000 }], true);
    expect(screen.getByText('VAT 8% included').nextSibling).toHaveTextContent(money(8_000));
    expect(screen.getByText('Total').nextSibling).toHaveTextContent(money(108_000));
  });

  it('adds the VAT on top when the prices do not hold it', () => {
    renderBill([{ vatRate: 8, amount: 100_000 }], false);
    expect(screen.getByText('VAT 8%').nextSibling).toHaveTextContent(money(8_000));
    expect(screen.getByText('Total').nextSibling).toHaveTextContent(money(108_000));
  });

  it('shows one VAT line per rate, and dishes not subject to VAT as such', () => {
    renderBill(
      [
        { vatRate: 'KCT', amount: 20_000 },
        { vatRate: 8, amount: 100_000 },
        { vatRate: 10, amount: 50_000 },
      ],
      false,
    );
    const rows = screen
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextSibling?.textContent}`.replace(/\s/g, ' '));
    expect(rows).toEqual([
      `Subtotal ${money(170_000)}`,
      `Discount ${money(0)}`,
      `Not subject to VAT ${money(0)}`,
      `VAT 8% ${money(8_000)}`,
      `VAT 10% ${money(5_000)}`,
      `Total ${money(183_000)}`,
    ]);
  });

  it('says it in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    renderBill([{ vatRate: 8, amount: 56_880 }], true);
    expect(screen.getByText(/^Đã gồm VAT 8/).nextSibling).toHaveTextContent(money(4_213));
  });
});
