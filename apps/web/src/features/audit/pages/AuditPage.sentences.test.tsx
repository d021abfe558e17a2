import { screen, waitFor } from '@testing-library/react';
import type { AuditEntry, AuditKind } from '@quan/contract/audit';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import {
  entries,
  entry,
  manager,
  order41,
  parts,
  person,
  refusedApproval,
  serveAudit,
  table3,
  auditScene,
} from './audit-test-kit';

const order43 = '0190a1b2-c3d4-7e5f-8a9b-000000000043';
const table7 = '0190a1b2-c3d4-7e5f-8a9b-0000000000c7';
const shift3 = '0190a1b2-c3d4-7e5f-8a9b-0000000000d3';
const payment = '0190a1b2-c3d4-7e5f-8a9b-0000000000e1';

const shiftClose = (counted: number) => ({
  shiftId: shift3,
  shiftNo: 3,
  deviceName: 'Quầy 1',
  expected: 1_250_000,
  counted,
  overShort: counted - 1_250_000,
});

/**
 * Every kind (and each way a kind is worded), with details as the server writes them today: the sentence an
 * English and a Vietnamese screen show. The summaries are the server's, which the sentences replace.
 */
const sentences: { entry: AuditEntry; en: string; vi: string }[] = [
  {
    entry: entries[0]!,
    en: 'Voided 1 × Phở bò on order 42 (wrong dish): 65.000 ₫',
    vi: 'Hủy 1 × Phở bò của đơn 42 (nhầm món): 65.000 ₫',
  },
  {
    entry: entry({
      kind: 'void',
      summary: 'Voided 2 × Bún chả, 1 × Trà đá on order 42 (quality: Nước dùng nguội): 110.000 ₫, wasted',
      details: {
        reason: 'quality',
        note: 'Nước dùng nguội',
        wasted: true,
        amount: 110_000,
        lines: [
          { position: 1, roundNo: 1, name: 'Bún chả', price: 50_000, quantity: 2, started: true },
          { position: 2, roundNo: 2, name: 'Trà đá', price: 10_000, quantity: 1, started: false },
        ],
      },
    }),
    en: 'Voided 2 × Bún chả, 1 × Trà đá on order 42 (quality: Nước dùng nguội): 110.000 ₫, wasted',
    vi: 'Hủy 2 × Bún chả, 1 × Trà đá của đơn 42 (chất lượng: Nước dùng nguội): 110.000 ₫, bỏ đi (đã nấu)',
  },
  {
    entry: entries[2]!,
    en: 'Merged order 41 (80.000 ₫) into order 42; the bill is now 290.600 ₫',
    vi: 'Gộp đơn 41 (80.000 ₫) vào đơn 42; hóa đơn nay là 290.600 ₫',
  },
  {
    entry: entry({
      kind: 'merge',
      summary: 'Merged order 41 (70.000 ₫) into order 42; the bill is now 280.600 ₫, coupon GIAM10 given back',
      details: {
        fromOrderId: order41,
        fromOrderNo: 41,
        fromTableId: table3,
        fromTotal: 70_000,
        total: 280_600,
        roundOffset: 1,
        couponCode: 'GIAM10',
      },
    }),
    en: 'Merged order 41 (70.000 ₫) into order 42; the bill is now 280.600 ₫, coupon GIAM10 given back',
    vi: 'Gộp đơn 41 (70.000 ₫) vào đơn 42; hóa đơn nay là 280.600 ₫, đã trả lại mã giảm giá GIAM10',
  },
  {
    entry: entries[1]!,
    en: 'Split order 42’s bill of 210.600 ₫ evenly between 2 guests: 105.300 ₫ + 105.300 ₫',
    vi: 'Chia đều hóa đơn 210.600 ₫ của đơn 42 cho 2 khách: 105.300 ₫ + 105.300 ₫',
  },
  {
    entry: entry({
      kind: 'split',
      summary: "Split order 42's bill of 300.000 ₫ by lines into 3 parts: 100.000 ₫ + 150.000 ₫ + 50.000 ₫",
      details: { by: 'lines', total: 300_000, parts: parts(100_000, 150_000, 50_000) },
    }),
    en: 'Split order 42’s bill of 300.000 ₫ by lines into 3 parts: 100.000 ₫ + 150.000 ₫ + 50.000 ₫',
    vi: 'Tách hóa đơn 300.000 ₫ của đơn 42 theo món thành 3 phần: 100.000 ₫ + 150.000 ₫ + 50.000 ₫',
  },
  {
    entry: entry({
      kind: 'split',
      summary:
        "Split what is left of order 42's bill, 200.000 ₫ of 300.000 ₫ (part 1 kept) evenly between 2 guests: 100.000 ₫ + 100.000 ₫",
      details: { by: 'guests', total: 300_000, left: 200_000, keptParts: [1], parts: parts(100_000, 100_000) },
    }),
    en: 'Split what was left of order 42’s bill of 300.000 ₫, 200.000 ₫ (part 1 kept), evenly between 2 guests: 100.000 ₫ + 100.000 ₫',
    vi: 'Chia đều 200.000 ₫ còn lại của hóa đơn 300.000 ₫ đơn 42 (giữ phần 1) cho 2 khách: 100.000 ₫ + 100.000 ₫',
  },
  {
    entry: entry({
      kind: 'move',
      summary: "Moved 2 × Phở bò (130.000 ₫) from order 42 to table 5's order 43",
      details: {
        toOrderId: order43,
        toOrderNo: 43,
        toTableNo: 5,
        amount: 130_000,
        lines: [{ position: 0, name: 'Phở bò', quantity: 2 }],
      },
    }),
    en: 'Moved 2 × Phở bò (130.000 ₫) from order 42 to table 5’s order 43',
    vi: 'Chuyển 2 × Phở bò (130.000 ₫) từ đơn 42 sang đơn 43 của bàn 5',
  },
  {
    entry: entry({
      kind: 'move',
      summary: 'Moved order 42 from table 3 to table 7',
      details: { fromTableId: table3, toTableId: table7, wholeOrder: true, fromTableNo: 3, toTableNo: 7 },
    }),
    en: 'Moved order 42 from table 3 to table 7',
    vi: 'Chuyển đơn 42 từ bàn 3 sang bàn 7',
  },
  {
    entry: entry({
      kind: 'move',
      summary: 'Moved order 42 to table 7',
      details: { fromTableId: null, toTableId: table7, wholeOrder: true, fromTableNo: null, toTableNo: 7 },
    }),
    en: 'Moved order 42 to table 7',
    vi: 'Chuyển đơn 42 sang bàn 7',
  },
  {
    entry: entry({
      kind: 'refund',
      actor: person(manager),
      summary: 'Refunded 50.000 ₫ of a 210.600 ₫ transfer payment on order 42: Khách chuyển thừa',
      details: {
        paymentId: payment,
        method: 'transfer',
        amount: 50_000,
        paymentAmount: 210_600,
        reason: 'Khách chuyển thừa',
      },
    }),
    en: 'Refunded 50.000 ₫ of a 210.600 ₫ bank transfer payment on order 42: Khách chuyển thừa',
    vi: 'Hoàn 50.000 ₫ trong khoản thanh toán 210.600 ₫ bằng chuyển khoản của đơn 42: Khách chuyển thừa',
  },
  {
    entry: entry({
      kind: 'cash-movement',
      order: null,
      summary: 'Paid in 200.000 ₫ (Tiền lẻ từ ngân hàng), Shift 3 (Quầy 1)',
      details: {
        shiftId: shift3,
        shiftNo: 3,
        deviceName: 'Quầy 1',
        kind: 'in',
        amount: 200_000,
        reason: 'Tiền lẻ từ ngân hàng',
      },
    }),
    en: 'Paid in 200.000 ₫ (Tiền lẻ từ ngân hàng), Shift 3 (Quầy 1)',
    vi: 'Nộp 200.000 ₫ vào két (Tiền lẻ từ ngân hàng), ca 3 (Quầy 1)',
  },
  {
    entry: entry({
      kind: 'cash-movement',
      order: null,
      summary: 'Paid out 50.000 ₫ (Mua đá viên), Shift 3 (Quầy 1)',
      details: {
        shiftId: shift3,
        shiftNo: 3,
        deviceName: 'Quầy 1',
        kind: 'out',
        amount: 50_000,
        reason: 'Mua đá viên',
      },
    }),
    en: 'Paid out 50.000 ₫ (Mua đá viên), Shift 3 (Quầy 1)',
    vi: 'Rút 50.000 ₫ khỏi két (Mua đá viên), ca 3 (Quầy 1)',
  },
  {
    entry: entry({
      kind: 'shift-close',
      order: null,
      summary: 'Closed Shift 3 (Quầy 1): counted 1.230.000 ₫, expected 1.250.000 ₫, short 20.000 ₫',
      details: shiftClose(1_230_000),
    }),
    en: 'Closed Shift 3 (Quầy 1): counted 1.230.000 ₫, expected 1.250.000 ₫, short 20.000 ₫',
    vi: 'Đóng ca 3 (Quầy 1): đếm được 1.230.000 ₫, phải có 1.250.000 ₫, thiếu 20.000 ₫',
  },
  {
    entry: entry({
      kind: 'shift-close',
      order: null,
      summary: 'Closed Shift 3 (Quầy 1): counted 1.260.000 ₫, expected 1.250.000 ₫, over 10.000 ₫',
      details: shiftClose(1_260_000),
    }),
    en: 'Closed Shift 3 (Quầy 1): counted 1.260.000 ₫, expected 1.250.000 ₫, over 10.000 ₫',
    vi: 'Đóng ca 3 (Quầy 1): đếm được 1.260.000 ₫, phải có 1.250.000 ₫, thừa 10.000 ₫',
  },
  {
    entry: entry({
      kind: 'shift-close',
      order: null,
      summary: 'Closed Shift 3 (Quầy 1): counted 1.250.000 ₫, expected 1.250.000 ₫, even',
      details: shiftClose(1_250_000),
    }),
    en: 'Closed Shift 3 (Quầy 1): counted 1.250.000 ₫, expected 1.250.000 ₫, even',
    vi: 'Đóng ca 3 (Quầy 1): đếm được 1.250.000 ₫, phải có 1.250.000 ₫, khớp',
  },
  {
    entry: entry({
      kind: 'shift-reopen',
      actor: person(manager),
      order: null,
      summary: 'Reopened Shift 3 (Quầy 1) (Đếm nhầm tờ 10.000)',
      details: {
        shiftId: shift3,
        shiftNo: 3,
        deviceName: 'Quầy 1',
        reason: 'Đếm nhầm tờ 10.000',
        counted: 1_230_000,
        expected: 1_250_000,
      },
    }),
    en: 'Reopened Shift 3 (Quầy 1) (Đếm nhầm tờ 10.000)',
    vi: 'Mở lại ca 3 (Quầy 1), lý do: Đếm nhầm tờ 10.000',
  },
  {
    entry: entry({
      kind: 'bank-transfer',
      actor: person(manager),
      summary: 'Paid bank transfer FT26015000123 of 415.000 ₫ onto order 42: Khách ghi nhầm số đơn',
      details: {
        transactionId: 'FT26015000123',
        amount: 415_000,
        partNo: null,
        refusedBecause: 'There is no order 24',
        reason: 'Khách ghi nhầm số đơn',
      },
    }),
    en: 'Paid bank transfer FT26015000123 of 415.000 ₫ onto order 42: Khách ghi nhầm số đơn',
    vi: 'Ghi khoản chuyển khoản FT26015000123 trị giá 415.000 ₫ vào đơn 42: Khách ghi nhầm số đơn',
  },
  {
    entry: entry({
      kind: 'bank-transfer',
      actor: person(manager),
      summary: 'Paid bank transfer FT26015000124 of 105.300 ₫ onto part 2 of order 42: Phần 2 chuyển sau khi tách',
      details: {
        transactionId: 'FT26015000124',
        amount: 105_300,
        partNo: 2,
        refusedBecause: "Order 42's bill is split differently now",
        reason: 'Phần 2 chuyển sau khi tách',
      },
    }),
    en: 'Paid bank transfer FT26015000124 of 105.300 ₫ onto part 2 of order 42: Phần 2 chuyển sau khi tách',
    vi: 'Ghi khoản chuyển khoản FT26015000124 trị giá 105.300 ₫ vào phần 2 của đơn 42: Phần 2 chuyển sau khi tách',
  },
  {
    entry: refusedApproval,
    en: 'Refused the approval typed as binh@quan.vn to void 1 × Phở bò on order 42 (quality: Nguội): 65.000 ₫',
    vi: 'Từ chối lần duyệt bằng email binh@quan.vn để hủy 1 × Phở bò của đơn 42 (chất lượng: Nguội): 65.000 ₫',
  },
  {
    entry: entry({
      kind: 'stock-transfer',
      summary: 'Sent transfer #7 to Quận 3: 2.00 kg Thịt bò; worth 500.000 ₫',
      details: { direction: 'out', transferNo: 7, toBranchName: 'Quận 3', sentValue: 500_000, lines: [] },
    }),
    en: 'Sent stock transfer #7 to Quận 3: worth 500.000 ₫',
    vi: 'Gửi phiếu chuyển kho #7 đến Quận 3: trị giá 500.000 ₫',
  },
  {
    entry: entry({
      kind: 'drawer-open',
      summary: 'Opened the cash drawer on Quầy without a sale',
      details: { printerId: '0190a1b2-c3d4-7e5f-8a9b-0000000000f1', printerName: 'Quầy' },
    }),
    en: 'Opened the cash drawer on Quầy without a sale',
    vi: 'Mở két tiền trên máy in Quầy khi không bán',
  },
];

/** Entries whose details cannot be read as a sentence: each shows the server's summary, in any language. */
const unreadable = [
  // Written before the details kept what the sentence says.
  entry({ kind: 'void', summary: 'Voided 1 × Bia Hà Nội on order 40 (wrong dish): 20.000 ₫', details: {} }),
  entry({
    kind: 'merge',
    summary: 'Merged order 39 (90.000 ₫) into order 42; the bill is now 300.600 ₫',
    details: { fromOrderId: order41, fromOrderNo: 39, fromTableId: table3, fromTotal: 90_000, total: 300_600 },
  }),
  entry({
    kind: 'move',
    summary: 'Moved order 42 from table 3 to table 7',
    details: { fromTableId: table3, toTableId: table7, wholeOrder: true },
  }),
  entry({
    kind: 'shift-close',
    order: null,
    summary: 'Closed Shift 2 (Quầy 2): counted 900.000 ₫, expected 900.000 ₫, even',
    details: { shiftId: shift3, shiftNo: 2, expected: 900_000, counted: 900_000, overShort: 0 },
  }),
  // Values of the wrong type, a method and a kind this web does not know, an order no longer there, no record.
  entry({
    kind: 'void',
    summary: 'Voided 1 × Chả giò on order 42 (other): 45.000 ₫',
    details: { reason: 'other', note: '', wasted: false, amount: '45000', lines: 'Chả giò' },
  }),
  entry({
    kind: 'refund',
    summary: 'Refunded 10.000 ₫ of a 100.000 ₫ crypto payment on order 42: Thử',
    details: { paymentId: payment, method: 'crypto', amount: 10_000, paymentAmount: 100_000, reason: 'Thử' },
  }),
  entry({
    kind: 'approval-refused',
    summary: 'Refused the approval typed as binh@quan.vn to merge order 41 into order 42',
    details: { action: 'merge', email: 'binh@quan.vn' },
  }),
  entry({
    kind: 'tip-adjust' as unknown as AuditKind,
    summary: 'Adjusted the tip on order 42: 20.000 ₫',
    details: { amount: 20_000 },
  }),
  entry({
    kind: 'split',
    order: null,
    summary: "Split order 38's bill of 100.000 ₫ evenly between 2 guests: 50.000 ₫ + 50.000 ₫",
    details: { by: 'guests', total: 100_000, parts: parts(50_000, 50_000) },
  }),
  entry({
    kind: 'cash-movement',
    order: null,
    summary: 'Paid in 100.000 ₫ (Tiền lẻ), Shift 1 (Quầy 1)',
    details: null as unknown as AuditEntry['details'],
  }),
];

describe('AuditPage', { timeout: 20_000 }, () => {
  const scene = auditScene();

  it.each(['en', 'vi'] as const)(
    'says what each change did in %s from its details, and shows the server’s summary when it cannot',
    async (language) => {
      await activateLanguage(language, 'staff');
      storeSession(manager, tokenExpiringIn(3600));
      const trail = [...sentences.map((one) => one.entry), ...unreadable];
      scene.fakeApi = serveAudit(trail);
      renderRoutes(routes, { path: '/audit' });

      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(trail.length));
      const articles = screen.getAllByRole('article');
      sentences.forEach((one, index) => {
        expect(articles[index]).toHaveTextContent(one[language]);
        if (language === 'vi') expect(articles[index]).not.toHaveTextContent(one.entry.summary);
      });
      unreadable.forEach((one, index) => {
        expect(articles[sentences.length + index]).toHaveTextContent(one.summary);
      });
    },
  );
});
