import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../lib/format';
import { VietQrCode } from './VietQrCode';

const account = { bin: '970436', accountNumber: '0071000123456', accountName: 'QUAN NGON' };

describe('VietQrCode', () => {
  it('draws the code as an SVG image named for what it pays, with the details written beside it', () => {
    render(<VietQrCode bank={account} amount={745_000} note="QUAN 1042" />);

    const code = screen.getByRole('img', {
      name: `VietQR code: transfer ${formatMoney(745_000)} to Vietcombank account 0071000123456, note QUAN 1042`,
    });
    expect(code.tagName.toLowerCase()).toBe('svg');
    // A square of modules with its quiet zone, the dark modules drawn as one path.
    const [, , width, height] = code.getAttribute('viewBox')!.split(' ').map(Number);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(21 + 4);
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);

    const details = [...document.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(details).toEqual([
      ['Bank', 'Vietcombank'],
      ['Account', '0071000123456'],
      ['Holder', 'QUAN NGON'],
      ['Amount', formatMoney(745_000)],
      ['Note', 'QUAN 1042'],
    ]);
  });

  it('draws another code for another amount', () => {
    const { rerender } = render(<VietQrCode bank={account} amount={745_000} note="QUAN 1042" />);
    const first = screen.getByRole('img').querySelector('path')!.getAttribute('d');
    rerender(<VietQrCode bank={account} amount={500_000} note="QUAN 1042" />);
    expect(screen.getByRole('img').querySelector('path')!.getAttribute('d')).not.toBe(first);
  });
});
