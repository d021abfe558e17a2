import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicReservation } from '@quan/contract/reservations';
import { activateLanguage, dinerLanguageStorageKey } from '../../../lib/i18n';
import { installFakeFetch, okData } from '../../../test/fake-fetch';
import { renderPublicRoute } from '../../../test/render-public-route';
import { rememberBooking, rememberedBookingsKey } from '../components/remembered-bookings';
import { BOOKING_POLL_MS } from './BookingStatusPage';
import { bookingKey, makePublicReservation, timezone } from '../../../test/data/booking';

const bookingPath = `/api/public/reservations/${bookingKey}`;

/** The guest's booking as the server has it now; cancelling it answers with `onCancel`. */
function bookingApi(
  current: () => PublicReservation,
  onCancel = () => okData(makePublicReservation({ status: 'cancelled', canCancel: false })),
) {
  return installFakeFetch((request) => {
    if (request.method === 'GET' && request.url === bookingPath) return okData(current());
    if (request.method === 'POST' && request.url === `${bookingPath}/cancel`) return onCancel();
    return { status: 404, body: { success: false, message: 'Not found', code: 'BOOKING_NOT_FOUND' } };
  });
}

describe('BookingStatusPage', { timeout: 20_000 }, () => {
  let fake: ReturnType<typeof installFakeFetch> | undefined;
  afterEach(() => {
    fake?.restore();
    vi.useRealTimers();
  });

  it('shows the booking on the restaurant’s clock, and cancels it after asking', async () => {
    fake = bookingApi(() => makePublicReservation({ status: 'booked' }));
    renderPublicRoute(`/booking/${bookingKey}`);

    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByText('Your table is booked. See you soon!')).toBeInTheDocument();
    expect(screen.getByText(/, .* · 17:30$/)).toBeInTheDocument();
    expect(screen.getByText('3 guests')).toBeInTheDocument();
    expect(screen.getByText('Cần ghế cho bé')).toBeInTheDocument();
    expect(screen.getByText('Quán Bà Hai')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    // A second thought is offered before anything is sent.
    expect(fake.calls()).not.toContain(`POST ${bookingPath}/cancel`);
    await userEvent.click(screen.getByRole('button', { name: 'No, keep it' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(screen.getByText(/^Cancel your booking for .* · 17:30\?$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));

    expect(await screen.findByText('This booking is cancelled.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(fake.calls().filter((call) => call.startsWith('POST'))).toEqual([`POST ${bookingPath}/cancel`]);
    // This device remembers it with its new status.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(rememberedBookingsKey)!)).toEqual([
        expect.objectContaining({ key: bookingKey, status: 'cancelled' }),
      ]),
    );
  });

  it('asks again while the restaurant has not answered, and shows the answer when it comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: PublicReservation['status'] = 'requested';
    fake = bookingApi(() => makePublicReservation({ status }));
    renderPublicRoute(`/booking/${bookingKey}`);

    expect(await screen.findByText('Waiting for the restaurant to confirm')).toBeInTheDocument();
    expect(
      screen.getByText('The restaurant has your request and will answer soon. This page updates by itself.'),
    ).toBeInTheDocument();
    status = 'booked';
    await act(() => vi.advanceTimersByTimeAsync(BOOKING_POLL_MS));

    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
    const asked = fake.calls().filter((call) => call === `GET ${bookingPath}`).length;
    // Confirmed, it is asked no more.
    await act(() => vi.advanceTimersByTimeAsync(BOOKING_POLL_MS * 3));
    expect(fake.calls().filter((call) => call === `GET ${bookingPath}`)).toHaveLength(asked);
  });

  it('says in Vietnamese why it cannot be cancelled any more, and shows where the booking stands', async () => {
    await activateLanguage('vi', 'staff');
    localStorage.setItem(dinerLanguageStorageKey, 'vi');
    let current = makePublicReservation({ status: 'booked' });
    fake = bookingApi(
      () => current,
      () => {
        current = makePublicReservation({ status: 'declined', canCancel: false });
        return {
          status: 409,
          body: { success: false, message: 'This booking can no longer be cancelled', code: 'BOOKING_CANNOT_CANCEL' },
        };
      },
    );
    renderPublicRoute(`/booking/${bookingKey}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Hủy đặt bàn' }));
    await userEvent.click(screen.getByRole('button', { name: 'Có, hủy đặt bàn' }));

    expect(
      await screen.findByText('Không thể hủy đặt bàn này trực tuyến nữa; bạn vui lòng gọi điện cho quán'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Quán không nhận')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hủy đặt bàn' })).not.toBeInTheDocument();
  });

  it('says an unknown link is unknown, and this device forgets it', async () => {
    rememberBooking({
      key: bookingKey,
      startsAt: makePublicReservation().startsAt,
      partySize: 2,
      timezone,
      status: 'requested',
    });
    fake = installFakeFetch(() => ({
      status: 404,
      body: { success: false, message: 'The restaurant does not know this booking link', code: 'BOOKING_NOT_FOUND' },
    }));
    renderPublicRoute(`/booking/${bookingKey}`);

    expect(await screen.findByText('The restaurant does not know this booking link')).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(rememberedBookingsKey)!)).toEqual([]));
    expect(screen.getByRole('link', { name: 'Book another table' })).toHaveAttribute('href', '/book');
  });

  it('offers to book again at the branch the booking was asked of', async () => {
    fake = bookingApi(() =>
      makePublicReservation({ restaurant: { name: 'Quán Bà Hai', timezone, branchSlug: 'quan-3' } }),
    );
    renderPublicRoute(`/booking/${bookingKey}`);

    expect(await screen.findByRole('link', { name: 'Book another table' })).toHaveAttribute('href', '/b/quan-3/book');
  });

  it('copies the link to keep it, or selects it where the phone cannot copy', async () => {
    fake = bookingApi(() => makePublicReservation());
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPublicRoute(`/booking/${bookingKey}`);

    const link = await screen.findByRole('textbox', { name: 'Your booking’s link' });
    expect(link).toHaveValue(`${location.origin}/booking/${bookingKey}`);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/booking/${bookingKey}`);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();

    writeText.mockRejectedValue(new Error('Not allowed'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('The link is selected: copy it from your phone’s menu.')).toBeInTheDocument();
    expect(link).toHaveFocus();
    Reflect.deleteProperty(navigator, 'clipboard');
  });
});
