import { computeBill } from '@quan/contract/bill';
import { pointsFor, type Customer } from '@quan/contract/customer';
import { defaultSettings, serviceRateFor } from '@quan/contract/settings';
import { useSettings } from '../../more/api/get-settings';

/**
 * What the cart comes to, worked out on the tablet from the menu's prices and the restaurant's settings as last
 * known (the server's bill decides), and the loyalty points it earns the member it is for.
 */
export function useCartBill(subtotal: number, discount: number, { hasTable, member }: CartBillFor) {
  const settings = useSettings();
  const taxRate = settings.data?.taxRate ?? defaultSettings.taxRate;
  const serviceRate = serviceRateFor(settings.data?.serviceCharge ?? defaultSettings.serviceCharge, {
    source: 'pos',
    hasTable,
  });
  const pricesIncludeTax = settings.data?.pricesIncludeTax ?? defaultSettings.pricesIncludeTax;
  const { total } = computeBill({ subtotal, discount, taxRate, serviceRate, pricesIncludeTax });
  const points = member
    ? {
        earned: pointsFor(total, member.membershipLevel, settings.data?.loyalty ?? defaultSettings.loyalty),
        memberName: member.name,
      }
    : null;
  return { taxRate, serviceRate, pricesIncludeTax, total, points };
}

interface CartBillFor {
  /** A service charge may apply only to orders at a table. */
  hasTable: boolean;
  member: Pick<Customer, 'name' | 'membershipLevel'> | null;
}
