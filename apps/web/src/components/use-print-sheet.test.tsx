import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePrintSheet } from './use-print-sheet';

function PrintButton({ text }: { text: string }) {
  const { print, sheet } = usePrintSheet('bill', (job: string) => <p>{job}</p>);
  return (
    <>
      <button type="button" onClick={() => print(text)}>
        Print
      </button>
      {sheet}
    </>
  );
}

describe('usePrintSheet', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints the sheet alone, its text composed (NFC), and takes it away after printing', () => {
    const printed: string[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => {
      printed.push(document.querySelector('body > .print-sheet')?.textContent ?? '');
    });
    const decomposed = 'Mang về · Thuế'.normalize('NFD');
    const { getByRole } = render(<PrintButton text={decomposed} />);

    act(() => getByRole('button').click());
    expect(printed).toEqual(['Mang về · Thuế'.normalize('NFC')]);
    expect(printed[0]).not.toBe(decomposed);

    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(document.querySelector('.print-sheet')).toBeNull();
  });
});
