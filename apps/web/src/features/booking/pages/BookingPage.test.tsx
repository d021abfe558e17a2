import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage, dinerLanguageStorageKey } from '../../../lib/i18n';
import { makePublicMenu } from '../../../test/data/diner';
import { installFakeFetch, okData, type FakeFetchAnswer, type FakeFetchRequest } from '../../../test/fake-fetch';
import { renderPublicRoute } from '../../../test/render-public-route';
import { rememberedBookingsKey } from '../components/remembered-bookings';
import { bookingKey, makeBookingDay, makePublicReservation, today, tomorrow } from '../../../test/data/booking';

/** The API of a restaurant taking bookings: the menu, a day's times (as `day` says), and `other` for the rest. */
function restaurantApi(
  day: (date: string, partySize: number) => FakeFetchAnswer = (date) => okData(makeBookingDay(date)),
  other: (request: FakeFetchRequest) => FakeFetchAnswer = () => ({ status: 404, body: { success: false } }),
) {
  return installFakeFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/public-menu') {
      return okData(makePublicMenu({ restaurant: { name: 'Quán Bà Hai', booking: true } }));
    }
    if (url.pathname === '/api/public/booking') {
      return day(url.searchParams.get('date') ?? '', Number(url.searchParams.get('partySize')));
    }
    return other(request);
  });
}

const refusal = (status: number, code: string, message: string, params?: Record<string, string | number>) =>
  ({ status, body: { success: false, message, code, params } }) satisfies FakeFetchAnswer;

describe('BookingPage', { timeout: 20_000 }, () => {
  let fake: ReturnType<typeof installFakeFetch> | undefined;
  afterEach(() => fake?.restore());

  it('lists the free times of the chosen day for the party, the taken ones disabled', async () => {
    fake = restaurantApi();
    renderPublicRoute('/book');

    // Two guests today, to start with.
    expect(await screen.findByRole('button', { name: '17:00' })).toBeEnabled();
    expect(screen.getByText('2 guests')).toBeInTheDocument();
    expect(fake.calls()).toContain(`GET /api/public/booking?date=${today()}&partySize=2`);

    await userEvent.click(screen.getByRole('button', { name: 'One guest more' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));

    await waitFor(() => expect(fake!.calls()).toContain(`GET /api/public/booking?date=${tomorrow()}&partySize=3`));
    expect(await screen.findByRole('button', { name: '17:30' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '17:15, taken' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '18:00, taken' })).toBeDisabled();
    expect(screen.getByText('Open 17:00–22:00 · the table is yours for 90 minutes')).toBeInTheDocument();
  });

  it('says a closed day is closed, and tells a party larger than any table to call', async () => {
    fake = restaurantApi((date, partySize) =>
      okData(
        makeBookingDay(date, date === today() ? { hours: [], slots: [] } : { largestParty: partySize > 2 ? 2 : 6 }),
      ),
    );
    renderPublicRoute('/book');

    expect(await screen.findByText(/^The restaurant is closed on .*Please choose another day\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '17:00' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    expect(await screen.findByRole('button', { name: '17:00' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'One guest more' }));
    expect(
      await screen.findByText('Our largest table seats 2. For a larger party, please call the restaurant.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '17:00' })).not.toBeInTheDocument();
  });

  it('asks for the chosen table and lands on the booking’s own page, remembered on this device', async () => {
    fake = restaurantApi(undefined, (request) => {
      if (request.method === 'POST' && request.url === '/api/public/reservations') {
        return okData({ key: bookingKey, reservation: makePublicReservation() }, 201);
      }
      if (request.url === `/api/public/reservations/${bookingKey}`) return okData(makePublicReservation());
      return { status: 404, body: { success: false } };
    });
    const { router } = renderPublicRoute('/book');

    await userEvent.click(await screen.findByRole('button', { name: 'One guest more' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    const time = await screen.findByRole('button', { name: '17:30' });
    await waitFor(() => expect(time).toBeEnabled());
    await userEvent.click(time);
    expect(time).toHaveAttribute('aria-pressed', 'true');

    // Nothing goes out before the guest says who they are.
    await userEvent.click(screen.getByRole('button', { name: 'Ask for this table' }));
    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Your name' }), 'Chị Mai');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone number' }), '0901 234 567');
    await userEvent.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Cần ghế cho bé');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for this table' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/booking/${bookingKey}`);
    expect(screen.getByText('Waiting for the restaurant to confirm')).toBeInTheDocument();
    const sent = fake.requests.find((request) => request.method === 'POST');
    expect(sent?.body).toEqual({
      name: 'Chị Mai',
      phone: '0901 234 567',
      partySize: 3,
      startsAt: makeBookingDay(tomorrow()).slots[2]!.startsAt,
      note: 'Cần ghế cho bé',
    });
    expect(JSON.parse(localStorage.getItem(rememberedBookingsKey)!)).toEqual([
      expect.objectContaining({ key: bookingKey, status: 'requested', partySize: 3 }),
    ]);

    // Back on /book, the booking is offered under "Your bookings".
    await userEvent.click(screen.getByRole('link', { name: 'Book another table' }));
    const yours = await screen.findByRole('region', { name: 'Your bookings' });
    expect(
      within(yours).getByRole('link', { name: /17:30.*3 guests.*Waiting for the restaurant to confirm/ }),
    ).toHaveAttribute('href', `/booking/${bookingKey}`);
  });

  it('says why a booking is refused in the guest’s language, and shows the times afresh', async () => {
    await activateLanguage('vi', 'staff');
    localStorage.setItem(dinerLanguageStorageKey, 'vi');
    let full = false;
    fake = restaurantApi(
      (date) =>
        okData(
          full
            ? makeBookingDay(date, { slots: makeBookingDay(date).slots.map((slot) => ({ ...slot, free: false })) })
            : makeBookingDay(date),
        ),
      () => {
        full = true;
        return refusal(409, 'BOOKING_FULL', 'No table is free for 2 at 17:00', { time: '17:00' });
      },
    );
    renderPublicRoute('/book');

    await userEvent.click(await screen.findByRole('button', { name: '17:00' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Tên của bạn' }), 'Anh Nam');
    await userEvent.type(screen.getByRole('textbox', { name: 'Số điện thoại' }), '0912345678');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu đặt bàn' }));

    expect(
      await screen.findByText('Lúc 17:00 quán đã hết bàn cho nhóm của bạn; bạn chọn giờ khác nhé'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '17:00, đã kín bàn' })).toBeDisabled();
    expect(screen.getByText('Ngày này quán đã kín bàn cho 2 khách. Bạn chọn ngày khác nhé.')).toBeInTheDocument();
  });

  it('tells the guest to call when the restaurant takes no bookings online', async () => {
    fake = restaurantApi(() => refusal(403, 'BOOKING_OFF', 'Online booking is off; please call the restaurant'));
    renderPublicRoute('/book');

    expect(await screen.findByText('Online booking is off; please call the restaurant')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for this table' })).not.toBeInTheDocument();
  });
});
