import { describe, expect, it } from 'vitest';
import { checkOptionChoice, describeOptions, optionRuleOf, portionPrice } from './option-rules';

/** Phở bò: a size to choose (exactly one), and up to two extras. */
const pho = {
  name: 'Phở bò',
  optionGroups: [
    {
      _id: 'size',
      name: 'Size',
      minSelected: 1,
      maxSelected: 1,
      options: [
        { _id: 'small', name: 'Nhỏ' },
        { _id: 'large', name: 'Lớn' },
      ],
    },
    {
      _id: 'extras',
      name: 'Extras',
      minSelected: 0,
      maxSelected: 2,
      options: [
        { _id: 'egg', name: 'Trứng' },
        { _id: 'quay', name: 'Quẩy' },
        { _id: 'onion', name: 'Hành' },
      ],
    },
  ],
};

/** A combo where two sides are required, any of four. */
const combo = {
  name: 'Cơm phần',
  optionGroups: [
    {
      _id: 'sides',
      name: 'Sides',
      minSelected: 2,
      maxSelected: 4,
      options: [
        { _id: 'rau', name: 'Rau muống' },
        { _id: 'dua', name: 'Dưa chua' },
        { _id: 'canh', name: 'Canh' },
        { _id: 'trung', name: 'Trứng chiên' },
      ],
    },
  ],
};

describe('checkOptionChoice', () => {
  it('accepts a choice within every group’s limits', () => {
    expect(checkOptionChoice(pho, ['large'])).toEqual([]);
    expect(checkOptionChoice(pho, ['egg', 'small', 'quay'])).toEqual([]);
    expect(checkOptionChoice(combo, ['rau', 'dua', 'canh', 'trung'])).toEqual([]);
  });

  it('asks for a required group left out, by its name', () => {
    expect(checkOptionChoice(pho, ['egg'])).toEqual([{ groupId: 'size', message: 'Phở bò: choose a Size' }]);
  });

  it('asks for the minimum of a group that requires more than one', () => {
    expect(checkOptionChoice(combo, ['canh'])).toEqual([
      { groupId: 'sides', message: 'Cơm phần: choose at least 2 of Sides' },
    ]);
  });

  it('refuses two choices in a group that takes one, naming both', () => {
    expect(checkOptionChoice(pho, ['small', 'large'])).toEqual([
      { groupId: 'size', message: 'Size takes one choice, not Nhỏ and Lớn' },
    ]);
  });

  it('refuses more than a group’s maximum, naming what was chosen', () => {
    expect(checkOptionChoice(pho, ['small', 'egg', 'quay', 'onion'])).toEqual([
      { groupId: 'extras', message: 'Extras takes at most 2 choices (3 chosen: Trứng, Quẩy, Hành)' },
    ]);
  });

  it('refuses an option chosen twice, and counts it once in its group', () => {
    expect(checkOptionChoice(pho, ['small', 'egg', 'egg'])).toEqual([
      { groupId: null, message: 'Trứng is chosen twice' },
    ]);
    expect(checkOptionChoice(pho, ['small', 'nope', 'nope'])).toEqual([
      { groupId: null, message: 'An option chosen is not offered with Phở bò' },
      { groupId: null, message: 'An option is chosen twice' },
    ]);
  });

  it('refuses an option the dish does not offer', () => {
    expect(checkOptionChoice(pho, ['small', 'rau'])).toEqual([
      { groupId: null, message: 'An option chosen is not offered with Phở bò' },
    ]);
  });

  it('answers every problem: the options first, then the groups in the dish’s order', () => {
    expect(checkOptionChoice(pho, ['egg', 'quay', 'onion', 'rau']).map((problem) => problem.groupId)).toEqual([
      null,
      'size',
      'extras',
    ]);
  });

  it('accepts no options on a dish without groups, and refuses any', () => {
    const rice = { name: 'Cơm trắng', optionGroups: [] };
    expect(checkOptionChoice(rice, [])).toEqual([]);
    expect(checkOptionChoice(rice, ['egg'])).toHaveLength(1);
  });
});

describe('describeOptions', () => {
  it('names the options under the dish, joined by a middle dot', () => {
    expect(describeOptions([{ name: 'Lớn' }, { name: 'không hành' }])).toBe('Lớn · không hành');
    expect(describeOptions([])).toBe('');
  });
});

describe('portionPrice', () => {
  it('adds each option’s change to the dish’s price', () => {
    expect(portionPrice(65_000, [])).toBe(65_000);
    expect(portionPrice(65_000, [{ priceDelta: 10_000 }, { priceDelta: 5_000 }])).toBe(80_000);
  });

  it('takes off what an option takes off', () => {
    expect(portionPrice(65_000, [{ priceDelta: -15_000 }])).toBe(50_000);
  });
});

describe('optionRuleOf: the rule a group’s limits make', () => {
  const rule = (minSelected: number, maxSelected: number, optionCount: number) =>
    optionRuleOf({ minSelected, maxSelected, optionCount }).kind;

  it('is required when the minimum is all one may choose', () => {
    expect(rule(1, 1, 3)).toBe('required'); // Choose 1
    expect(rule(2, 2, 4)).toBe('required'); // Choose 2
    expect(rule(3, 5, 3)).toBe('required'); // every option, there being only 3
  });

  it('is a required range when both limits bind', () => {
    expect(rule(1, 3, 5)).toBe('requiredRange'); // Choose 1 to 3
  });

  it('is required at least when the maximum does not bind', () => {
    expect(rule(2, 5, 5)).toBe('requiredAtLeast'); // At least 2
    expect(rule(1, 9, 4)).toBe('requiredAtLeast');
  });

  it('is optional for a single optional option', () => {
    expect(rule(0, 1, 1)).toBe('optional');
  });

  it('is optional one, up to, or any when nothing is required', () => {
    expect(rule(0, 1, 3)).toBe('optionalOne'); // Optional · Choose 1
    expect(rule(0, 2, 4)).toBe('optionalUpTo'); // Up to 2
    expect(rule(0, 3, 3)).toBe('optionalAny'); // Any
    expect(rule(0, 10, 3)).toBe('optionalAny');
  });

  it('answers the limits with the rule', () => {
    expect(optionRuleOf({ minSelected: 1, maxSelected: 3, optionCount: 5 })).toEqual({
      kind: 'requiredRange',
      min: 1,
      max: 3,
    });
  });
});
