import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ScrollRegion } from './ScrollRegion';

const label = 'Coupons table, scrolls sideways';
const caption = 'Coupons';

describe('ScrollRegion', () => {
  it('is a named region in the tab order, holding its table', async () => {
    render(
      <ScrollRegion label={label} className="card">
        <table>
          <caption>{caption}</caption>
        </table>
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: label });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('card', 'overflow-x-auto', 'relative');
    expect(region).toContainElement(screen.getByRole('table', { name: caption }));

    await userEvent.tab();
    expect(region).toHaveFocus();
  });
});
