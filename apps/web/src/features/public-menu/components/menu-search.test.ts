// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makePublicMenu } from '../../../test/diner-fixtures';
import { filterMenu } from './menu-search';

const names = (categories: ReturnType<typeof filterMenu>) =>
  categories.map((category) => [category.name, category.items.map((item) => item.name)]);

describe('filterMenu', () => {
  const { categories } = makePublicMenu();

  it('finds dishes with or without Vietnamese accents, in any case', () => {
    expect(names(filterMenu(categories, 'pho'))).toEqual([['Noodles', ['Phở bò']]]);
    expect(names(filterMenu(categories, 'Phở'))).toEqual([['Noodles', ['Phở bò']]]);
    expect(names(filterMenu(categories, 'BUN CHA'))).toEqual([['Noodles', ['Bún chả']]]);
    expect(names(filterMenu(categories, 'tra da'))).toEqual([['Drinks', ['Trà đá']]]);
  });

  it('also searches descriptions and drops categories left empty', () => {
    expect(names(filterMenu(categories, 'pork'))).toEqual([['Noodles', ['Bún chả']]]);
    expect(filterMenu(categories, 'pizza')).toEqual([]);
  });

  it('shows everything for an empty search, without empty categories', () => {
    const withEmpty = [...categories, { _id: 'c3', name: 'Desserts', items: [] }];
    expect(names(filterMenu(withEmpty, '  '))).toEqual([
      ['Noodles', ['Phở bò', 'Bún chả']],
      ['Drinks', ['Trà đá']],
    ]);
  });
});
