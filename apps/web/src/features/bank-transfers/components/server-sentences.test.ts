import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n';
import { refusalReason, serverSentence } from './server-sentences';

const t = i18n._.bind(i18n);

/**
 * The sentences the server writes about transfers, as it writes them, and as a Vietnamese screen says them; an
 * English screen says them as written (with a typographic apostrophe), the two of a closed order alike.
 */
const said: [string, string][] = [
  ['The transfer is dated more than 24 hours ago', 'Giao dịch đã quá 24 giờ'],
  ['The transfer is dated in the future', 'Giao dịch ghi thời gian trong tương lai'],
  ['The transfer note names no order', 'Nội dung chuyển khoản không ghi số đơn'],
  [
    "The transfer went to account 0011001932418, not the restaurant's",
    'Tiền chuyển vào tài khoản 0011001932418, không phải tài khoản của quán',
  ],
  ['There is no order 99999', 'Không có đơn 99999'],
  ['Order 1042 is completed', 'Đơn 1042 đã hoàn tất'],
  ['Order 1042 is completed; it takes no payment', 'Đơn 1042 đã hoàn tất'],
  ['Order 1042 is cancelled', 'Đơn 1042 đã bị hủy'],
  ["Order 1042's bill is split differently now", 'Hóa đơn của đơn 1042 nay đã được tách khác'],
  [
    'Order 1042 has 187.920 ₫ due, the transfer was 100.000 ₫',
    'Đơn 1042 còn phải trả 187.920 ₫, khoản chuyển là 100.000 ₫',
  ],
  ['Order 1042 has 100.000 ₫ left to pay, not 415.000 ₫', 'Đơn 1042 chỉ còn phải trả 100.000 ₫, không phải 415.000 ₫'],
  [
    'Part 2 of order 1042 has 100.000 ₫ left to pay, not 415.000 ₫',
    'Phần 2 của đơn 1042 chỉ còn phải trả 100.000 ₫, không phải 415.000 ₫',
  ],
  ['Order 1042 is paid already', 'Đơn 1042 đã được trả đủ'],
  ['Part 2 of order 1042 is paid already', 'Phần 2 của đơn 1042 đã được trả đủ'],
  ["Order 1042's bill is split: say which part this pays", 'Hóa đơn của đơn 1042 đã tách: hãy chọn phần được trả'],
  ["Order 1042's bill is not split", 'Hóa đơn của đơn 1042 không tách'],
  ['Choose a part from 1 to 3', 'Chọn phần từ 1 đến 3'],
  ['Pay the whole bill', 'Để trống: trả cho cả hóa đơn'],
];

describe('serverSentence', () => {
  it.each(said)('says “%s” in Vietnamese', async (english, vietnamese) => {
    await activateLanguage('vi', 'staff');
    expect(serverSentence(t, english)).toBe(vietnamese);
  });

  it.each(said)('says “%s” in English as the server wrote it', (english) => {
    expect(serverSentence(t, english).replace('’', "'")).toBe(english.replace('; it takes no payment', ''));
  });

  it('shows a sentence it does not know as the server wrote it', async () => {
    await activateLanguage('vi', 'staff');
    const sentence = 'Order 1042 waits for a manager to approve a void before taking a payment';
    expect(serverSentence(t, sentence)).toBe(sentence);
    expect(refusalReason(t, null)).toBe('Không lưu lý do');
  });
});
