import { foldForSearch } from '@quan/contract/text';

export { foldForSearch };

export function matchesSearch(text: string, search: string): boolean {
  const folded = foldForSearch(search);
  return folded === '' || foldForSearch(text).includes(folded);
}
