import { render, screen } from '@testing-library/react';
import type { Table } from '@quan/contract/table';
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../../lib/date-format';
import { TablePicker } from './TablePicker';

const table = (tableNo: number): Table =>
  ({
    _id: `0190a1b2-c3d4-7e5f-8a9b-00000000000${tableNo}`,
    tableNo,
    seats: 4,
    status: 'available',
    currentOrder: null,
  }) as unknown as Table;

describe('TablePicker', () => {
  it('warns when walk-ins are seated at a table booked within the hour, and only then', () => {
    const startsAt = new Date(Date.now() + 40 * 60_000).toISOString();
    const bookedSoon = new Map([[table(4)._id, { startsAt, name: 'Anh Tùng', partySize: 6 }]]);
    const props = { tables: [table(3), table(4)], isLoading: false, error: null, guests: 2, onSelect: () => undefined };

    const { rerender } = render(
      <TablePicker {...props} selected={{ _id: table(4)._id, tableNo: 4 }} bookedSoon={bookedSoon} />,
    );
    expect(
      screen.getByText(
        `Table 4 is booked at ${formatTime(startsAt)} for Anh Tùng (6): seat walk-ins here only if they will leave by then`,
      ),
    ).toBeInTheDocument();

    rerender(<TablePicker {...props} selected={{ _id: table(3)._id, tableNo: 3 }} bookedSoon={bookedSoon} />);
    expect(screen.queryByText(/is booked at/)).not.toBeInTheDocument();
  });
});
