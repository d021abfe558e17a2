import type { OrderStatus } from '@quan/contract/order';
import { changeDue, paymentMethods, type PaymentMethod } from '@quan/contract/payments';
import type { exportKinds } from '@quan/contract/shifts';
import { vatRates, type VatRate } from '@quan/contract/vat';
import type { Database } from '../../db/client';
import { chainBranches } from '../branches/service';
import type { SettingsService } from '../settings/service';
import type { ShiftsService } from '../shifts/service';
import * as repo from './repository';
import { toCsv, toXlsx, type ExportCell, type ExportTable } from './spreadsheet';

export type ExportKind = (typeof exportKinds)[number];

export interface ExportFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

const methodNames: Record<PaymentMethod, string> = {
  cash: 'Tiền mặt',
  card: 'Thẻ',
  transfer: 'Chuyển khoản',
  ewallet: 'Ví điện tử',
  voucher: 'Phiếu quà tặng',
};

const statusNames: Record<OrderStatus, string> = {
  pending: 'Chờ xác nhận',
  in_progress: 'Đang làm',
  ready: 'Sẵn sàng',
  served: 'Đã phục vụ',
  completed: 'Hoàn thành',
  cancelled: 'Đã hủy',
};

const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A rate as a column names it: "8%", or "KCT" (not subject to VAT). */
const rateLabel = (rate: VatRate) => (rate === 'KCT' ? 'KCT' : `${rate}%`);

/** "2026-11-01 18:30:05" on the restaurant's clock: what an accountant types into a ledger. */
function localDateTime(timezone: string) {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (instant: string | Date | null): string | null => (instant === null ? null : format.format(new Date(instant)));
}

export function createExportsService({
  db,
  settings,
  shifts,
}: {
  db: Database;
  settings: Pick<SettingsService, 'get'>;
  shifts: Pick<ShiftsService, 'openedWithin'>;
}) {
  async function ordersTable(
    branchId: string,
    range: repo.Instants,
    at: ReturnType<typeof localDateTime>,
  ): Promise<ExportTable> {
    const placed = await repo.ordersPlacedWithin(db, branchId, range);
    return {
      sheet: 'Đơn hàng',
      columns: [
        'Số đơn',
        'Thời gian tạo',
        'Hoàn thành lúc',
        'Trạng thái',
        'Bàn',
        'Khách',
        'Số khách',
        'Tạm tính',
        'Giảm giá',
        'Phí phục vụ',
        'Thuế',
        'Thuế gồm trong giá',
        // One row per order and a pair of columns per rate, every rate always: a column sums to the period's
        // figure for the VAT return, the order totals still add up once each, and the layout never moves.
        ...vatRates.flatMap((rate) => [`Chưa thuế ${rateLabel(rate)}`, `Thuế ${rateLabel(rate)}`]),
        'Tổng cộng',
        'Đã trả',
        'Đã hoàn',
        'Tiền boa',
        'Phương thức',
        'Ca',
        'Ghi chú',
      ],
      rows: placed.map((order): ExportCell[] => [
        order.order_no,
        at(order.created_at),
        at(order.completed_at),
        statusNames[order.status],
        order.table_no,
        order.customer_name,
        order.guests,
        order.subtotal,
        order.discount,
        order.service_charge,
        order.tax,
        // With VAT inside the prices the tax is part of the total, not added to it: the ledger must know which.
        order.prices_include_tax ? 'Có' : 'Không',
        ...vatRates.flatMap((rate) => {
          const part = order.taxes.find((one) => String(one.vatRate) === String(rate));
          return [part?.taxable ?? 0, part?.tax ?? 0];
        }),
        order.total,
        Number(order.paid),
        Number(order.refunded),
        Number(order.tips),
        paymentMethods
          .filter((method) => order.methods?.includes(method))
          .map((method) => methodNames[method])
          .join(', ') || null,
        order.shift_no,
        order.note || null,
      ]),
    };
  }

  async function paymentsTable(
    branchId: string,
    range: repo.Instants,
    at: ReturnType<typeof localDateTime>,
  ): Promise<ExportTable> {
    const taken = await repo.paymentsTakenWithin(db, branchId, range);
    return {
      sheet: 'Thanh toán',
      columns: [
        'Số đơn',
        'Phần',
        'Phương thức',
        'Số tiền',
        'Tiền boa',
        'Làm tròn',
        'Khách đưa',
        'Tiền thối',
        'Đã hoàn',
        'Nhân viên',
        'Thời gian',
        'Ca',
        'Mã giao dịch NH',
      ],
      rows: taken.map((payment): ExportCell[] => [
        payment.order_no,
        payment.part_no,
        methodNames[payment.method],
        payment.amount,
        payment.tip,
        payment.rounding,
        payment.tendered,
        payment.tendered === null ? null : changeDue(payment.tendered, payment.amount, payment.tip, payment.rounding),
        payment.refunded,
        payment.taken_by,
        at(payment.taken_at),
        payment.shift_no,
        payment.bank_transaction_id,
      ]),
    };
  }

  async function shiftsTable(
    branchId: string,
    range: repo.Instants,
    at: ReturnType<typeof localDateTime>,
  ): Promise<ExportTable> {
    const opened = await shifts.openedWithin(branchId, range);
    return {
      sheet: 'Ca',
      columns: [
        'Ca',
        'Quầy',
        'Mở lúc',
        'Người mở',
        'Tiền đầu ca',
        'Đóng lúc',
        'Người đóng',
        'Tiền dự kiến',
        'Tiền đếm',
        'Chênh lệch',
        'Doanh thu thuần',
        ...paymentMethods.map((method) => methodNames[method]),
        'Làm tròn tiền mặt',
        'Tiền boa',
        'Hoàn tiền',
        'Nộp vào',
        'Rút ra',
        'Số đơn',
        'Số lần mở lại',
        'Ghi chú',
      ],
      rows: opened.map(({ report, ...shift }): ExportCell[] => [
        shift.shiftNo,
        shift.deviceName,
        at(shift.openedAt),
        shift.openedBy?.name ?? null,
        shift.openingFloat,
        at(shift.closedAt),
        shift.closedBy?.name ?? null,
        report.cash.expected,
        report.cash.counted,
        report.cash.overShort,
        report.netSales,
        ...paymentMethods.map((method) => report.byMethod.find((row) => row.method === method)?.amount ?? 0),
        report.cash.rounding,
        report.tips.amount,
        report.refunds.amount,
        report.cash.payIns,
        report.cash.payOuts,
        report.orders,
        shift.reopenCount,
        shift.note || null,
      ]),
    };
  }

  const tables = { orders: ordersTable, payments: paymentsTable, shifts: shiftsTable };

  /** The branch's table of the period: local days [from, to] in the branch's time zone, its clock in the cells. */
  async function branchTable(branchId: string, kind: ExportKind, days: { from: string; to: string }) {
    const { timezone } = await settings.get(branchId);
    const range = await repo.localDaysAsInstants(db, timezone, { fromDay: days.from, toDay: days.to });
    return tables[kind](branchId, range, localDateTime(timezone));
  }

  /**
   * Every branch's table one after the other, each row led by its branch's name: order and shift numbers are
   * each branch's own, so a row without its branch would be ambiguous.
   */
  async function chainTable(kind: ExportKind, days: { from: string; to: string }): Promise<ExportTable> {
    const branches = await chainBranches(db);
    const tablesOfBranches = await Promise.all(branches.map((branch) => branchTable(branch.id, kind, days)));
    const [first] = tablesOfBranches;
    return {
      sheet: first!.sheet,
      columns: ['Chi nhánh', ...first!.columns],
      rows: tablesOfBranches.flatMap((table, index) => table.rows.map((row) => [branches[index]!.name, ...row])),
    };
  }

  type Query = { from: string; to: string; format: 'csv' | 'xlsx' };

  /** The file of a table. */
  async function fileOf(kind: ExportKind, query: Query, table: ExportTable, suffix = ''): Promise<ExportFile> {
    return {
      fileName: `quan-${kind}${suffix}-${query.from}-${query.to}.${query.format}`,
      contentType: contentTypes[query.format],
      content: query.format === 'csv' ? toCsv(table) : await toXlsx(table),
    };
  }

  return {
    /** The branch's orders, payments or shifts of the period, local days [from, to] in the branch's time zone. */
    async export(branchId: string, kind: ExportKind, query: Query): Promise<ExportFile> {
      return fileOf(kind, query, await branchTable(branchId, kind, query));
    },

    /** Every branch's orders, payments or shifts of the period, with a branch column (each its own days). */
    async exportChain(kind: ExportKind, query: Query): Promise<ExportFile> {
      return fileOf(kind, query, await chainTable(kind, query), '-chain');
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
