import { computeBill } from '@quan/contract/bill';
import { pointsFor, type Customer } from '@quan/contract/customer';
import { defaultSettings, serviceRateFor } from '@quan/contract/settings';
import type { CartItem } from '../../../store/cart-slice';
import { useItems } from '../../menu/api/list-items';
import { useSettings } from '../../more/api/get-settings';
import { cartSubtotalsByRate } from './cart-subtotals';

/**
 * What the cart comes to, worked out on the tablet from the menu's prices and VAT rates and the restaurant's
 * settings as last known (the server's bill decides), and the loyalty points it earns the member it is for.
 */
export function useCartBill(cart: readonly CartItem[], discount: number, { hasTable, member }: CartBillFor) {
  const settings = useSettings();
  const menu = useItems();
  const defaultRate = settings.data?.taxRate ?? defaultSettings.taxRate;
  const subtotals = cartSubtotalsByRate(cart, menu.data ?? [], defaultRate);
  const serviceRate = serviceRateFor(settings.data?.serviceCharge ?? defaultSettings.serviceCharge, {
    source: 'pos',
    hasTable,
  });
  const bill = computeBill({
    subtotals,
    discount,
    serviceRate,
    // A service charge without a rate of its own follows the default rate, as the server bills it.
    serviceVatRate: settings.data?.serviceVatRate ?? defaultRate,
    pricesIncludeTax: settings.data?.pricesIncludeTax ?? defaultSettings.pricesIncludeTax,
  });
  const points = member
    ? {
        earned: pointsFor(bill.total, member.membershipLevel, settings.data?.loyalty ?? defaultSettings.loyalty),
        memberName: member.name,
      }
    : null;
  return { subtotals, bill, points };
}

export type EstimatedBill = ReturnType<typeof computeBill>;

interface CartBillFor {
  /** A service charge may apply only to orders at a table. */
  hasTable: boolean;
  member: Pick<Customer, 'name' | 'membershipLevel'> | null;
}
