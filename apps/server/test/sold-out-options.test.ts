import type { DishOptionGroup } from '@quan/contract/options';
import { describe, expect, it } from 'vitest';
import { lacksRequiredOption } from '../src/modules/option-groups/service';

const option = (name: string, isSoldOut = false) => ({ _id: `id-${name}`, name, priceDelta: 0, isSoldOut });
const group = (minSelected: number, options: DishOptionGroup['options']): DishOptionGroup => ({
  _id: `group-${minSelected}`,
  name: 'Group',
  minSelected,
  maxSelected: options.length,
  options,
});

describe('a dish that cannot be ordered for its sold-out options', () => {
  it('is one whose required group has nothing left', () => {
    expect(lacksRequiredOption([group(1, [option('Bò', true), option('Gà', true)])])).toBe(true);
  });

  it('is one whose group requires more than are left', () => {
    expect(lacksRequiredOption([group(2, [option('Rau'), option('Dưa', true), option('Canh', true)])])).toBe(true);
  });

  it('is not one with enough left in every required group', () => {
    expect(lacksRequiredOption([group(1, [option('Bò', true), option('Gà')])])).toBe(false);
    expect(lacksRequiredOption([group(2, [option('Rau'), option('Dưa'), option('Canh', true)])])).toBe(false);
  });

  it('is not one whose sold-out options are all optional, or that has no groups', () => {
    expect(lacksRequiredOption([group(0, [option('Trứng', true), option('Quẩy', true)])])).toBe(false);
    expect(lacksRequiredOption([])).toBe(false);
  });
});
