import { subtotalsByRate } from '@quan/contract/bill';
import type { Item } from '@quan/contract/menu';
import type { RateAmount, VatRate } from '@quan/contract/vat';
import type { CartItem } from '../../../store/cart-slice';

/**
 * The cart's prices added up by VAT rate: each portion (options included: an option follows its dish) at the
 * rate its dish is billed at in the menu as last loaded. A dish the menu no longer lists is counted at the
 * restaurant's default rate; the server prices the order and has the last word.
 */
export function cartSubtotalsByRate(
  cart: readonly Pick<CartItem, 'itemId' | 'price'>[],
  menu: readonly Pick<Item, '_id' | 'billedVatRate'>[],
  defaultRate: VatRate,
): RateAmount[] {
  const rateOf = new Map(menu.map((item) => [item._id, item.billedVatRate]));
  return subtotalsByRate(
    cart.map((entry) => ({ vatRate: rateOf.get(entry.itemId) ?? defaultRate, amount: entry.price })),
  );
}
