import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyField } from './CopyField';

const key = 'qpb_k3yShownOnce-ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

describe('CopyField', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('says it copied, then clears, so that a second tap is announced again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    // After the setup, which puts a clipboard of its own in.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyField label="Key" value={key} copyLabel="Copy key" />);

    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(key);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied.'));

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('status').textContent).toBe('');

    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied.'));
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  it('selects the value where the device cannot copy, with the caller’s words', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('Not allowed')) },
      configurable: true,
    });
    render(
      <CopyField
        label="Your booking’s link"
        hideLabel
        value="https://quan.example/booking/abc"
        copyLabel="Copy link"
        copiedMessage="Link copied."
        selectMessage="The link is selected: copy it from your phone’s menu."
      />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('The link is selected: copy it from your phone’s menu.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your booking’s link' })).toHaveFocus();
  });
});
