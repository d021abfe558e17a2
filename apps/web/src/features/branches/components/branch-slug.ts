/**
 * A link name suggested from a branch's name: "Quận 3 – Võ Văn Tần" → "quan-3-vo-van-tan". Vietnamese marks
 * go (đ becomes d), anything else becomes a hyphen; the owner may still write their own.
 */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}
