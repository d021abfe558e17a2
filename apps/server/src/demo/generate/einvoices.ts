import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { einvoices } from '../../db/schema/einvoices';
import { orders } from '../../db/schema/orders';
import { viettelSeries } from '../../modules/einvoices/provider-for-branch';
import { saveEinvoiceSettingsRow } from '../../modules/einvoices/settings-repository';
import { rows } from './sql';

/** The demo's account at the provider's STAND-IN (demo/sinvoice-simulator.ts): nothing it issues is an invoice. */
export const DEMO_EINVOICE_ACCOUNT = {
  username: 'quan-demo',
  password: 'quan-einvoice-demo',
  /** A well-formed tax code (its check digit right) that names no one the demo knows of. */
  sellerTaxCode: '0318888884',
  templateCode: '1/001',
} as const;

/**
 * A branch's e-invoice settings pointed at a Viettel simulator (`demo/sinvoice-simulator.ts`), as the demo, the
 * benchmark and the tests set them up: the account the simulator was started with, at its addresses.
 */
export async function useSimulatedEinvoicing(
  db: Executor,
  options: {
    branchId: string;
    addresses: { signInUrl: string; apiUrl: string };
    account?: { username: string; password: string; sellerTaxCode: string; templateCode: string };
    invoiceSeries?: string;
    enabled?: boolean;
  },
): Promise<void> {
  const { branchId, addresses, account = DEMO_EINVOICE_ACCOUNT, invoiceSeries = 'C25MAA', enabled = true } = options;
  await saveEinvoiceSettingsRow(db, {
    branchId,
    provider: 'viettel',
    signInUrl: addresses.signInUrl,
    apiUrl: addresses.apiUrl,
    username: account.username,
    password: account.password,
    sellerTaxCode: account.sellerTaxCode,
    templateCode: account.templateCode,
    invoiceSeries,
    enabled,
  });
}

export interface DemoEinvoices {
  branchId: string;
  /** "1C26MAA": the series as the provider numbers it, its form number in front. */
  numberedSeries: string;
  /** The history's invoices, numbered 1 to this in the order of their orders' completion. */
  issued: number;
}

/**
 * The last step of the demo: the first branch issues e-invoices through the stand-in at `addresses`, switched on,
 * so the orders completed from now on are invoiced; and every order its history completed has its sale invoice,
 * issued a few seconds after its completion, numbered in that order in this year's series, as an account that
 * has issued them all would show. One set-based statement, so the generator keeps its speed. The stand-in then
 * numbers its next invoice after these (`continueNumbering`).
 */
export async function writeDemoEinvoices(
  db: Executor,
  { addresses, asOf }: { addresses: { signInUrl: string; apiUrl: string }; asOf: Date },
): Promise<DemoEinvoices> {
  const [first] = await db.select().from(branches).orderBy(asc(branches.position)).limit(1);
  if (!first) throw new Error('The database has no branch; run the migrations');
  const invoiceSeries = `C${String(asOf.getFullYear() % 100).padStart(2, '0')}MAA`;
  const account = DEMO_EINVOICE_ACCOUNT;
  await useSimulatedEinvoicing(db, { branchId: first.id, addresses, invoiceSeries });
  const numberedSeries = viettelSeries(account.templateCode, invoiceSeries);
  const year = invoiceSeries.slice(1, 3);
  const [written] = await rows<{ issued: number }>(
    db,
    sql`with completed as (
          select id, branch_id, completed_at, row_number() over (order by completed_at, id) as no
          from ${orders}
          where branch_id = ${first.id} and status = 'completed' and completed_at is not null
        ), issued as (
          insert into ${einvoices} (
            id, branch_id, order_id, kind, transaction_id, status, attempts, next_attempt_at, invoice_number,
            series, template_code, lookup_code, tax_authority_code, issued_at, created_at, updated_at
          )
          select gen_random_uuid(), branch_id, id, 'sale', gen_random_uuid()::text, 'issued', 1, completed_at,
            ${numberedSeries} || no, ${numberedSeries}, ${account.templateCode},
            upper(substr(md5(id::text), 1, 16)),
            'M1-' || ${year} || '-SIMUL-' || lpad(no::text, 11, '0'),
            completed_at + interval '2 seconds', completed_at, completed_at + interval '2 seconds'
          from completed
          returning 1
        )
        select count(*)::int as issued from issued`,
  );
  return { branchId: first.id, numberedSeries, issued: written?.issued ?? 0 };
}
