import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from './search';

describe('menu search', () => {
  it('ignores case and Vietnamese accents', () => {
    expect(foldForSearch('Phở Bò Đặc Biệt')).toBe('pho bo dac biet');
    expect(matchesSearch('Phở bò', 'PHO')).toBe(true);
    expect(matchesSearch('Bún đậu', 'bun dau')).toBe(true);
    expect(matchesSearch('Bún chả', 'pho')).toBe(false);
    expect(matchesSearch('Bún chả', '  ')).toBe(true);
  });
});
