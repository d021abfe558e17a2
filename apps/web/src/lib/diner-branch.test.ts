import { describe, expect, it } from 'vitest';
import { dinerPlaceName } from './diner-branch';

describe("a diner page's name", () => {
  it('is the restaurant’s alone with one branch, or a branch that carries its name', () => {
    expect(dinerPlaceName({ name: 'Quán Phở Bắc' })).toBe('Quán Phở Bắc');
    expect(dinerPlaceName({ name: 'Quán Phở Bắc', branch: { name: 'Quán Phở Bắc' } })).toBe('Quán Phở Bắc');
  });

  it('names the branch beside the restaurant in a chain, so a guest knows whose prices they read', () => {
    expect(dinerPlaceName({ name: 'Quán Phở Bắc', branch: { name: 'Quận 3' } })).toBe('Quán Phở Bắc · Quận 3');
  });
});
