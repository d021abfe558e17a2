/** Lower case without Vietnamese accents, so "pho" finds "Phở" and "dua" finds "Dừa". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim();
}

export function matchesSearch(text: string, search: string): boolean {
  const folded = foldForSearch(search);
  return folded === '' || foldForSearch(text).includes(folded);
}
