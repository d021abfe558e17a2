import type { Database } from '../../db/client';
import type { Transact } from '../../events/transact';
import type { AuditService } from '../audit/service';
import type { BranchesService } from '../branches/service';
import type { CouponsService } from '../coupons/service';
import type { CustomersService } from '../customers/service';
import type { EinvoicesService } from '../einvoices/service';
import type { IngredientsService } from '../ingredients/service';
import type { MenuService } from '../menu/service';
import type { PrintingService } from '../printing/service';
import type { ReportsService } from '../reports/service';
import type { SettingsService } from '../settings/service';
import type { ShiftsService } from '../shifts/service';
import type { TablesService } from '../tables/service';

/**
 * What the order use cases need: the database, and the services of the modules that take part in an
 * order's transaction (pricing from the menu, seating, coupons, stock, loyalty, the revenue sums and the
 * cash drawer's shift).
 */
export interface OrdersDeps {
  db: Database;
  transact: Transact;
  /** The first branch (of the links printed before there were branches). */
  branches: Pick<BranchesService, 'first'>;
  settings: Pick<SettingsService, 'get'>;
  menu: Pick<MenuService, 'orderMenu' | 'optionsById' | 'kitchenStations'>;
  tables: Pick<
    TablesService,
    'seatOrder' | 'seatIfFree' | 'releaseOrder' | 'findByNumber' | 'findById' | 'recordChange'
  >;
  coupons: Pick<CouponsService, 'redeem' | 'release' | 'discountFor'>;
  stock: Pick<
    IngredientsService,
    'takeForRound' | 'giveBackForOrder' | 'settleVoid' | 'transferPortions' | 'reassignOrderStock'
  >;
  loyalty: Pick<CustomersService, 'creditCompletedOrder'>;
  sales: Pick<ReportsService, 'addCompletedOrder' | 'addRefund'>;
  /** The shift (cash drawer) a payment, refund or completion on a device belongs to. */
  shifts: Pick<ShiftsService, 'shiftFor'>;
  audit: Pick<AuditService, 'record'>;
  /**
   * The kitchen's papers (tickets, voids, moved tables, reprints), the bills and receipts and the cash drawer,
   * queued with what causes them.
   */
  printing: Pick<
    PrintingService,
    | 'queueKitchenTickets'
    | 'queueVoidTickets'
    | 'queueTableNotice'
    | 'queueKitchenReprint'
    | 'queueBill'
    | 'queuePaymentPrints'
  >;
  /**
   * The sale's e-invoice, queued in the transaction that completes the order when its branch issues them, and
   * corrected (cancelled, or reduced) in the transaction of a refund.
   */
  einvoices: Pick<EinvoicesService, 'queueSaleInvoice' | 'queueInvoiceCorrection'>;
}

/** The only foreign key an order's body can name that the transaction does not check itself. */
export const CUSTOMER_FOREIGN_KEY = 'orders_customer_id_customers_id_fk';
