import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { choosePortions } from '../src/modules/orders/order-state';

const order = { orderNo: 1042 };
/** Two bowls of phở and three iced teas, one of them voided already. */
const lines = [
  { position: 0, name: 'Phở bò', quantity: 2, voidedQuantity: 0 },
  { position: 1, name: 'Trà đá', quantity: 3, voidedQuantity: 1 },
];

/** The refusal `choose` throws: its message and field errors. */
function refusal(choose: () => unknown): { message: string; errors?: { path: string; message: string }[] } {
  try {
    choose();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { message: (error as AppError).message, errors: (error as AppError).errors };
  }
  throw new Error('expected a refusal');
}

describe('the portions a person chooses to void or move', () => {
  it('answers each chosen line with its quantity', () => {
    const chosen = choosePortions(
      order,
      lines,
      [
        { position: 1, quantity: 2 },
        { position: 0, quantity: 1 },
      ],
      'void',
    );
    expect(chosen.map(({ line, quantity }) => [line.name, quantity])).toEqual([
      ['Trà đá', 2],
      ['Phở bò', 1],
    ]);
  });

  it('counts a line named twice once, with both quantities', () => {
    const chosen = choosePortions(
      order,
      lines,
      [
        { position: 0, quantity: 1 },
        { position: 0, quantity: 1 },
      ],
      'move',
    );
    expect(chosen).toEqual([{ line: lines[0], quantity: 2 }]);
  });

  it('refuses a line the order does not have, pointing at the first mention of it', () => {
    expect(
      refusal(() =>
        choosePortions(
          order,
          lines,
          [
            { position: 0, quantity: 1 },
            { position: 7, quantity: 1 },
          ],
          'void',
        ),
      ),
    ).toEqual({
      message: 'Order 1042 has no line 7',
      errors: [{ path: 'lines.1.position', message: 'No such line on this order' }],
    });
  });

  it('refuses more than is left on the bill, voided portions counted, in the words of the action', () => {
    expect(refusal(() => choosePortions(order, lines, [{ position: 1, quantity: 3 }], 'void'))).toEqual({
      message: 'Only 2 × Trà đá left to void on order 1042',
      errors: [{ path: 'lines.0.quantity', message: 'More than the order has left' }],
    });
  });

  it('refuses a line named twice whose quantities together are too many', () => {
    const twice = [
      { position: 0, quantity: 2 },
      { position: 0, quantity: 1 },
    ];
    expect(refusal(() => choosePortions(order, lines, twice, 'move')).message).toBe(
      'Only 2 × Phở bò left to move on order 1042',
    );
  });
});
