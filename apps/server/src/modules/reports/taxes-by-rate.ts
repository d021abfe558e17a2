import { byVatRate, vatRates, type TaxPart } from '@quan/contract/vat';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';

/**
 * The VAT of the orders `which` selects, added up by rate from each order's own parts: every order's tax was
 * rounded once per rate when it was billed, so the sums are what the bills said, never a rate applied again to
 * a total. Only the rates the orders used, in the order bills list them.
 */
export async function taxesByRate(db: Executor, which: SQL): Promise<TaxPart[]> {
  const result = (await db.execute(sql`
    select part ->> 'vatRate' as vat_rate, sum((part ->> 'taxable')::bigint)::text as taxable,
      sum((part ->> 'tax')::bigint)::text as tax
    from ${orders} cross join lateral jsonb_array_elements(${orders.taxes}) as part
    where ${which}
    group by 1`)) as unknown as { rows: { vat_rate: string; taxable: string; tax: string }[] };
  return byVatRate(
    result.rows.flatMap((row) => {
      // JSON keeps a percent as a number and KCT as text: both read back as the text they print as.
      const vatRate = vatRates.find((rate) => String(rate) === row.vat_rate);
      return vatRate === undefined ? [] : [{ vatRate, taxable: Number(row.taxable), tax: Number(row.tax) }];
    }),
  );
}
