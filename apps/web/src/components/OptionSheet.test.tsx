import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DishOptionGroup } from '@quan/contract/options';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../lib/format';
import { i18n } from '@lingui/core';
import { describeOptionRule as describeInWords } from './option-rule';
import { OptionSheet, type OptionSheetDish } from './OptionSheet';

/** Money as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
const money = (amount: number) => formatMoney(amount).replace(/\s/g, ' ');

const size: DishOptionGroup = {
  _id: 'group-size',
  name: 'Size',
  minSelected: 1,
  maxSelected: 1,
  options: [
    { _id: 'opt-nho', name: 'Nhỏ', priceDelta: -5_000, isSoldOut: false },
    { _id: 'opt-vua', name: 'Vừa', priceDelta: 0, isSoldOut: false },
    { _id: 'opt-lon', name: 'Lớn', priceDelta: 10_000, isSoldOut: false },
    { _id: 'opt-dac-biet', name: 'Đặc biệt', priceDelta: 25_000, isSoldOut: true },
  ],
};
const preferences: DishOptionGroup = {
  _id: 'group-preferences',
  name: 'Preferences',
  minSelected: 0,
  maxSelected: 3,
  options: [
    { _id: 'opt-khong-hanh', name: 'không hành', priceDelta: 0, isSoldOut: false },
    { _id: 'opt-it-banh', name: 'ít bánh', priceDelta: 0, isSoldOut: false },
    { _id: 'opt-them-trung', name: 'thêm trứng', priceDelta: 5_000, isSoldOut: false },
  ],
};
const topping: DishOptionGroup = {
  _id: 'group-topping',
  name: 'Topping',
  minSelected: 0,
  maxSelected: 2,
  options: [
    { _id: 'opt-tai', name: 'Tái', priceDelta: 0, isSoldOut: false },
    { _id: 'opt-gau', name: 'Gầu', priceDelta: 10_000, isSoldOut: false },
    { _id: 'opt-gan', name: 'Gân', priceDelta: 10_000, isSoldOut: false },
  ],
};
const pho: OptionSheetDish = { name: 'Phở bò', price: 65_000, optionGroups: [size, preferences] };

function renderSheet(dish: OptionSheetDish = pho, props: Partial<Parameters<typeof OptionSheet>[0]> = {}) {
  const onAdd = vi.fn();
  const onClose = vi.fn();
  render(<OptionSheet dish={dish} onAdd={onAdd} onClose={onClose} {...props} />);
  const sheet = within(screen.getByRole('dialog', { name: dish.name }));
  const addButton = () => sheet.getByRole('button', { name: /^Add ·/ });
  /** The submit button, whatever it says ("Choose a size" until the choice is complete, then "Add · …"). */
  const submitButton = () => sheet.getAllByRole('button').find((button) => button.getAttribute('type') === 'submit')!;
  return { sheet, addButton, submitButton, onAdd, onClose };
}

describe('OptionSheet', () => {
  it('shows each group with its rule in words, the price changes and the sold-out option disabled', () => {
    const { sheet } = renderSheet();

    const sizeGroup = within(sheet.getByRole('group', { name: /^Size/ }));
    expect(sheet.getByRole('group', { name: /^Size/ })).toHaveAccessibleName(/Required · Choose 1/);
    expect(sheet.getByRole('group', { name: /^Preferences/ })).toHaveAccessibleName(/Optional · Any/);
    expect(sizeGroup.getAllByRole('radio')).toHaveLength(4);
    expect(sizeGroup.getByRole('radio', { name: /^Lớn \+10\.000\s₫$/ })).toBeEnabled();
    expect(sizeGroup.getByRole('radio', { name: /^Nhỏ −/ })).toBeEnabled();
    const soldOut = sizeGroup.getByRole('radio', { name: /^Đặc biệt/ });
    expect(soldOut).toBeDisabled();
    // A sold-out option says so, without a price to weigh and without striking its name.
    expect(soldOut).toHaveAccessibleName('Đặc biệt Sold out');
    expect(soldOut.closest('label')).not.toHaveTextContent(/25\.000/);
    expect(sizeGroup.getByText('Đặc biệt')).not.toHaveClass('line-through');
    // Without a default, nothing is chosen for the guest, not even a size.
    for (const radio of sizeGroup.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(within(sheet.getByRole('group', { name: /^Preferences/ })).getAllByRole('checkbox')).toHaveLength(3);
  });

  it('keeps "Add" disabled, saying what is missing without an error, until a size is chosen, and prices as it goes', async () => {
    const user = userEvent.setup();
    const { sheet, addButton, submitButton } = renderSheet();

    // An incomplete choice is the guest's next step, not an error: the button says it, nothing else warns.
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleName('Choose a size');
    expect(submitButton()).not.toHaveAccessibleDescription();
    expect(sheet.queryByText(/Phở bò: choose/)).not.toBeInTheDocument();
    expect(sheet.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(sheet.getByRole('radio', { name: /^Lớn/ }));
    expect(addButton()).toBeEnabled();
    expect(sheet.queryByRole('button', { name: 'Choose a size' })).not.toBeInTheDocument();
    expect(addButton()).toHaveTextContent(`Add · ${money(75_000)}`);

    await user.click(sheet.getByRole('button', { name: 'One more' }));
    expect(sheet.getByRole('group', { name: 'Quantity' })).toHaveTextContent('2');
    expect(addButton()).toHaveTextContent(`Add · ${money(150_000)}`);

    // A second size replaces the first: one of.
    await user.click(sheet.getByRole('radio', { name: /^Nhỏ/ }));
    expect(sheet.getByRole('radio', { name: /^Lớn/ })).not.toBeChecked();
    expect(addButton()).toHaveTextContent(`Add · ${money(120_000)}`);
  });

  it('answers the options in group order with the note and the quantity', async () => {
    const user = userEvent.setup();
    const { sheet, addButton, onAdd } = renderSheet();

    await user.click(sheet.getByRole('checkbox', { name: /^thêm trứng/ }));
    await user.click(sheet.getByRole('checkbox', { name: 'không hành' }));
    await user.click(sheet.getByRole('radio', { name: /^Lớn/ }));
    await user.type(sheet.getByRole('textbox', { name: 'Note (optional)' }), '  ít cay ');
    await user.click(sheet.getByRole('button', { name: 'One more' }));
    await user.click(sheet.getByRole('button', { name: 'One more' }));
    await user.click(sheet.getByRole('button', { name: 'One fewer' }));
    await user.click(addButton());

    expect(onAdd).toHaveBeenCalledOnce();
    expect(onAdd).toHaveBeenCalledWith({
      options: [
        { id: 'opt-lon', group: 'Size', name: 'Lớn', priceDelta: 10_000 },
        { id: 'opt-khong-hanh', group: 'Preferences', name: 'không hành', priceDelta: 0 },
        { id: 'opt-them-trung', group: 'Preferences', name: 'thêm trứng', priceDelta: 5_000 },
      ],
      note: 'ít cay',
      quantity: 2,
      unitPrice: 80_000,
    });
  });

  it('disables the other checkboxes once a group has its most choices', async () => {
    const user = userEvent.setup();
    const { sheet } = renderSheet({ name: 'Phở đặc biệt', price: 80_000, optionGroups: [topping] });
    const group = within(sheet.getByRole('group', { name: /^Topping/ }));
    expect(sheet.getByRole('group', { name: /^Topping/ })).toHaveAccessibleName(/Optional · Up to 2/);

    await user.click(group.getByRole('checkbox', { name: 'Tái' }));
    await user.click(group.getByRole('checkbox', { name: /^Gầu/ }));

    expect(group.getByRole('checkbox', { name: /^Gân/ })).toBeDisabled();
    expect(group.getByRole('checkbox', { name: 'Tái' })).toBeEnabled();

    await user.click(group.getByRole('checkbox', { name: 'Tái' }));
    expect(group.getByRole('checkbox', { name: /^Gân/ })).toBeEnabled();
  });

  it('counts down what a group of several required choices still lacks, the group named in lower case', async () => {
    const user = userEvent.setup();
    const twoToppings: DishOptionGroup = { ...topping, minSelected: 2, maxSelected: 3 };
    const { sheet, submitButton, addButton } = renderSheet({
      name: 'Phở đặc biệt',
      price: 80_000,
      optionGroups: [twoToppings],
    });

    expect(submitButton()).toHaveAccessibleName('Choose 2 from topping');
    await user.click(sheet.getByRole('checkbox', { name: 'Tái' }));
    expect(submitButton()).toHaveAccessibleName('Choose 1 more from topping');
    expect(submitButton()).toBeDisabled();
    await user.click(sheet.getByRole('checkbox', { name: /^Gầu/ }));
    expect(addButton()).toBeEnabled();
    expect(addButton()).toHaveTextContent(`Add · ${money(90_000)}`);
  });

  it('offers "None" for an optional one-of group and adds a dish with nothing chosen', async () => {
    const user = userEvent.setup();
    const ice: DishOptionGroup = {
      _id: 'group-ice',
      name: 'Đá',
      minSelected: 0,
      maxSelected: 1,
      options: [{ _id: 'opt-it-da', name: 'ít đá', priceDelta: 0, isSoldOut: false }],
    };
    const { sheet, addButton, onAdd } = renderSheet({ name: 'Cà phê sữa đá', price: 25_000, optionGroups: [ice] });

    expect(sheet.getByRole('radio', { name: 'None' })).toBeChecked();
    await user.click(sheet.getByRole('radio', { name: 'ít đá' }));
    await user.click(sheet.getByRole('radio', { name: 'None' }));
    await user.click(addButton());

    expect(onAdd).toHaveBeenCalledWith({ options: [], note: '', quantity: 1, unitPrice: 25_000 });
  });

  it("shows the page's own limit for the choice and stops the stepper at its most", async () => {
    const user = userEvent.setup();
    const { sheet, addButton } = renderSheet(pho, {
      maxQuantity: 2,
      limitProblem: ({ quantity }) => (quantity > 1 ? 'At most 1 more Phở bò fits this order' : null),
    });
    await user.click(sheet.getByRole('radio', { name: /^Vừa/ }));
    expect(addButton()).toBeEnabled();

    await user.click(sheet.getByRole('button', { name: 'One more' }));

    expect(sheet.getByRole('button', { name: 'One more' })).toBeDisabled();
    expect(addButton()).toBeDisabled();
    expect(addButton()).toHaveAccessibleDescription('At most 1 more Phở bò fits this order');
  });

  it("starts with each group's default chosen, so the usual portion adds at once", async () => {
    const user = userEvent.setup();
    const withDefault = (group: DishOptionGroup, name: string): DishOptionGroup => ({
      ...group,
      options: group.options.map((option) => ({ ...option, isDefault: option.name === name })),
    });
    const { sheet, addButton, onAdd } = renderSheet({
      ...pho,
      optionGroups: [withDefault(size, 'Vừa'), withDefault(preferences, 'không hành')],
    });

    expect(sheet.getByRole('radio', { name: /^Vừa/ })).toBeChecked();
    expect(sheet.getByRole('checkbox', { name: 'không hành' })).toBeChecked();
    expect(addButton()).toHaveTextContent(`Add · ${money(65_000)}`);
    await user.click(addButton());
    expect(onAdd.mock.calls[0]![0].options.map((option: { name: string }) => option.name)).toEqual([
      'Vừa',
      'không hành',
    ]);
  });

  it('leaves a sold-out default unchosen', () => {
    const { sheet, submitButton } = renderSheet({
      ...pho,
      optionGroups: [
        { ...size, options: size.options.map((option) => ({ ...option, isDefault: option.name === 'Đặc biệt' })) },
      ],
    });

    for (const radio of sheet.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(submitButton()).toHaveAccessibleName('Choose a size');
  });

  it('closes on Escape without adding', async () => {
    const user = userEvent.setup();
    const { onAdd, onClose } = renderSheet();

    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledOnce();
    expect(onAdd).not.toHaveBeenCalled();
  });
});

describe('describeOptionRule', () => {
  const describeOptionRule = (group: { minSelected: number; maxSelected: number; optionCount: number }) =>
    describeInWords(i18n._.bind(i18n), group);
  it('puts the limits in words', () => {
    expect(describeOptionRule({ minSelected: 1, maxSelected: 1, optionCount: 3 })).toBe('Required · Choose 1');
    expect(describeOptionRule({ minSelected: 0, maxSelected: 1, optionCount: 3 })).toBe('Optional · Choose 1');
    expect(describeOptionRule({ minSelected: 0, maxSelected: 3, optionCount: 5 })).toBe('Optional · Up to 3');
    expect(describeOptionRule({ minSelected: 0, maxSelected: 3, optionCount: 3 })).toBe('Optional · Any');
    expect(describeOptionRule({ minSelected: 2, maxSelected: 2, optionCount: 4 })).toBe('Required · Choose 2');
    expect(describeOptionRule({ minSelected: 1, maxSelected: 3, optionCount: 5 })).toBe('Required · Choose 1 to 3');
    expect(describeOptionRule({ minSelected: 1, maxSelected: 5, optionCount: 5 })).toBe('Required · At least 1');
    expect(describeOptionRule({ minSelected: 0, maxSelected: 3, optionCount: 1 })).toBe('Optional');
  });
});
