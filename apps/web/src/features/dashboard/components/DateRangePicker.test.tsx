import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../lib/i18n';
import type { DayRange } from './date-range';
import { DateRangePicker } from './DateRangePicker';

/** The picker on the custom days, 20 to 26 November 2026, as the figures keep it. */
function renderPicker(onCustomChange = vi.fn<(range: DayRange) => void>()) {
  function Figures() {
    const [custom, setCustom] = useState<DayRange>({ firstDay: '2026-11-20', lastDay: '2026-11-26' });
    return (
      <DateRangePicker
        preset="custom"
        onPresetChange={() => {}}
        custom={custom}
        onCustomChange={(range) => {
          onCustomChange(range);
          setCustom(range);
        }}
        today="2026-11-26"
        customError={null}
      />
    );
  }
  render(<Figures />);
  return onCustomChange;
}

describe('the range picker of the figures', { timeout: 20_000 }, () => {
  it('writes and offers the days in Vietnamese on a Vietnamese screen, whatever the browser speaks', async () => {
    await activateLanguage('vi', 'staff');
    const user = userEvent.setup();
    const onCustomChange = renderPicker();

    const last = screen.getByRole('textbox', { name: 'Đến ngày' });
    expect(last).toHaveValue('26/11/2026');
    expect(screen.getByRole('textbox', { name: 'Từ ngày' })).toHaveValue('20/11/2026');
    expect(last).toHaveAttribute('placeholder', 'dd/mm/yyyy');

    await user.click(screen.getByRole('button', { name: 'Đến ngày: chọn trên lịch' }));
    const calendar = within(screen.getByRole('dialog', { name: 'Lịch: Đến ngày' }));
    // Vietnamese month and weekday names, Monday first.
    expect(calendar.getByRole('combobox', { name: 'Tháng' })).toHaveDisplayValue('Tháng 11');
    expect(calendar.getByRole('combobox', { name: 'Năm' })).toHaveDisplayValue('2026');
    const weekdays = calendar
      .getAllByRole('columnheader', { hidden: true })
      .map((header) => header.getAttribute('aria-label'));
    expect(weekdays).toEqual(['Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy', 'Chủ Nhật']);
    // The chosen day is named in words, and has the focus; the days after today cannot be chosen.
    const chosen = calendar.getByRole('button', { name: 'Hôm nay, Thứ Năm, 26 tháng 11, 2026, đã chọn' });
    expect(chosen).toHaveFocus();
    expect(calendar.getByRole('button', { name: /27 tháng 11, 2026/ })).toBeDisabled();
    expect(calendar.getByRole('grid', { name: 'Tháng 11 năm 2026' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).not.toHaveTextContent(/November|Thursday|Today/);

    // The keyboard: a day back with the arrow, Enter chooses it and the calendar closes.
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(last).toHaveValue('25/11/2026');
    expect(onCustomChange).toHaveBeenLastCalledWith({ firstDay: '2026-11-20', lastDay: '2026-11-25' });
    expect(screen.getByRole('button', { name: 'Đến ngày: chọn trên lịch' })).toHaveFocus();
  });

  it('writes and offers the days in English on an English screen', async () => {
    await activateLanguage('en', 'staff');
    const user = userEvent.setup();
    const onCustomChange = renderPicker();

    const first = screen.getByRole('textbox', { name: 'From' });
    expect(first).toHaveValue('20/11/2026');

    await user.click(screen.getByRole('button', { name: 'From: choose on the calendar' }));
    const calendar = within(screen.getByRole('dialog', { name: 'Calendar: From' }));
    expect(calendar.getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('November');
    const weekdays = calendar
      .getAllByRole('columnheader', { hidden: true })
      .map((header) => header.getAttribute('aria-label'));
    expect(weekdays).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(calendar.getByRole('button', { name: 'Friday, 20 November 2026, chosen' })).toHaveFocus();
    expect(calendar.getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).not.toHaveTextContent(/tháng|Thứ|Hôm nay/i);

    await user.click(calendar.getByRole('button', { name: 'Monday, 2 November 2026' }));
    expect(first).toHaveValue('02/11/2026');
    expect(onCustomChange).toHaveBeenLastCalledWith({ firstDay: '2026-11-02', lastDay: '2026-11-26' });
  });

  it('reads a day typed as the screen writes days, and says how to write one it cannot read', async () => {
    await activateLanguage('en', 'staff');
    const user = userEvent.setup();
    const onCustomChange = renderPicker();
    const first = screen.getByRole('textbox', { name: 'From' });

    await user.clear(first);
    await user.type(first, '3/11/2026');
    expect(onCustomChange).toHaveBeenLastCalledWith({ firstDay: '2026-11-03', lastDay: '2026-11-26' });
    await user.tab();
    // Written back in full once the person moves on.
    expect(first).toHaveValue('03/11/2026');

    await user.clear(first);
    await user.type(first, '31/02/2026');
    expect(onCustomChange).toHaveBeenLastCalledWith({ firstDay: '31/02/2026', lastDay: '2026-11-26' });
    expect(screen.queryByText(/^Write the date as/)).not.toBeInTheDocument();
    await user.tab();
    expect(first).toHaveValue('31/02/2026');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(
      'Day, month, year: dd/mm/yyyy Write the date as dd/mm/yyyy, or choose it on the calendar.',
    );
  });

  it('closes the calendar with Escape, the focus back on its button', async () => {
    await activateLanguage('en', 'staff');
    const user = userEvent.setup();
    const onCustomChange = renderPicker();
    const open = screen.getByRole('button', { name: 'To: choose on the calendar' });

    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowLeft}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(onCustomChange).not.toHaveBeenCalled();
  });
});
