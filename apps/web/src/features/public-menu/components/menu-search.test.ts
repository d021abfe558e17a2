// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bunCha, makePublicMenu, phoBo } from '../../../test/data/diner';
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

  it('finds a dish by its English name or description as well as by the name typed', () => {
    const pho = { ...phoBo, nameEn: 'Beef pho', descriptionEn: 'Rice noodles in beef broth' };
    const menu = makePublicMenu({ categories: [{ _id: 'c1', name: 'Noodles', items: [pho, bunCha] }] }).categories;
    expect(names(filterMenu(menu, 'beef PHO'))).toEqual([['Noodles', ['Phở bò']]]);
    expect(names(filterMenu(menu, 'broth'))).toEqual([['Noodles', ['Phở bò']]]);
    expect(names(filterMenu(menu, 'phở bò'))).toEqual([['Noodles', ['Phở bò']]]);
    // Each text on its own: the end of one and the start of the next make no match.
    expect(filterMenu(menu, 'bo beef')).toEqual([]);
  });

  it('shows everything for an empty search, without empty categories', () => {
    const withEmpty = [...categories, { _id: 'c3', name: 'Desserts', items: [] }];
    expect(names(filterMenu(withEmpty, '  '))).toEqual([
      ['Noodles', ['Phở bò', 'Bún chả']],
      ['Drinks', ['Trà đá']],
    ]);
  });
});
