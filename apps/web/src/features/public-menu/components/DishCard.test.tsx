import { render, screen } from '@testing-library/react';
import type { DishOptionGroup } from '@quan/contract/options';
import { describe, expect, it } from 'vitest';
import { phoTai, preferencesGroup, sizeGroup } from '../../../test/data/diner';
import { formatMoney } from '../../../lib/format';
import { DishCard } from './DishCard';
import type { PublicMenuItem } from './menu-search';

/** Money as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
const money = (amount: number) => formatMoney(amount).replace(/\s/g, ' ');

function renderCard(item: PublicMenuItem) {
  render(<DishCard item={item} reserveAction={false} />);
  return screen.getByRole('heading', { level: 3, name: item.name }).closest('article')!;
}

const option = (id: string, priceDelta: number, isSoldOut = false) => ({
  _id: id,
  name: id,
  priceDelta,
  isSoldOut,
});

describe('DishCard', () => {
  it('starts the price at the cheapest size, and names the choices for a diner', () => {
    const card = renderCard(phoTai);

    // 65.000 with the small size's −5.000.
    expect(card).toHaveTextContent(`from ${money(60_000)}`);
    expect(card).not.toHaveTextContent(money(65_000));
    expect(card).toHaveTextContent('Choose: size, preferences');
  });

  it('shows the plain price when no required choice makes the dish cheaper', () => {
    const pricier: DishOptionGroup = {
      ...sizeGroup,
      options: [option('vua', 0), option('lon', 10_000)],
    };
    const card = renderCard({ ...phoTai, optionGroups: [pricier, preferencesGroup] });

    expect(card).toHaveTextContent(money(65_000));
    expect(card).not.toHaveTextContent(/from/);
  });

  it('leaves out optional groups and sold-out options, and counts as many options as a group requires', () => {
    const cheaperPreferences: DishOptionGroup = { ...preferencesGroup, options: [option('it-banh', -3_000)] };
    const toppings: DishOptionGroup = {
      _id: 'group-topping',
      name: 'Topping',
      minSelected: 2,
      maxSelected: 3,
      options: [option('gau', 10_000), option('tai', -2_000), option('gan', -4_000, true), option('bo-vien', -1_000)],
    };
    const card = renderCard({ ...phoTai, price: 80_000, optionGroups: [toppings, cheaperPreferences] });

    // 80.000 − 2.000 − 1.000: Gân is sold out, the preferences are optional.
    expect(card).toHaveTextContent(`from ${money(77_000)}`);
    expect(card).toHaveTextContent('Choose: topping, preferences');
  });

  it('shows a dish without options as before', () => {
    const card = renderCard({ ...phoTai, optionGroups: [] });

    expect(card).toHaveTextContent(money(65_000));
    expect(card).not.toHaveTextContent(/Choose|from/);
  });
});
