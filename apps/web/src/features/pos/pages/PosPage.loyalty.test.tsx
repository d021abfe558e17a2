import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { couponDiscount, type ValidateCouponBody } from '@quan/contract/coupon';
import type { CreateCustomerBody } from '@quan/contract/customer';
import type { CreateOrderBody } from '@quan/contract/order';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import { makeCoupon } from '../../../test/data/coupons';
import { makeCustomer } from '../../../test/data/customers';
import {
  money,
  pho,
  traDa,
  placedOrder,
  posApi,
  created,
  dishButton,
  orderPanel,
  setCustomer,
  journeyTimeout,
  posScene,
} from './pos-test-kit';

describe('PosPage', () => {
  const scene = posScene();

  describe('loyalty members and coupons', () => {
    const lan = makeCustomer(1, {
      name: 'Chị Lan',
      phone: '0901234567',
      membershipLevel: 'gold',
      loyaltyPoints: 1_250,
    });
    const giam10 = makeCoupon(10, { code: 'GIAM10' });

    /** The POS's server with members (Lan), the GIAM10 coupon and a used-up HETLUOT; it records what it was sent. */
    function loyaltyApi() {
      const searches: unknown[] = [];
      const validations: ValidateCouponBody[] = [];
      const orders: CreateOrderBody[] = [];
      const signUps: CreateCustomerBody[] = [];
      const api = installFakeApi(
        posApi(
          ({ config }) => {
            orders.push(JSON.parse(config.data as string) as CreateOrderBody);
            return created({ ...placedOrder, customerId: orders.at(-1)?.customerId ?? null });
          },
          ({ method, url, config }) => {
            if (method === 'GET' && url === '/api/customers') {
              const params = config.params as { search: string };
              searches.push(params);
              return ok('0901234567'.startsWith(params.search) || /lan/i.test(params.search) ? [lan] : []);
            }
            if (method === 'POST' && url === '/api/customers') {
              const body = JSON.parse(config.data as string) as CreateCustomerBody;
              signUps.push(body);
              if (body.phone === lan.phone) return fail(409, 'A customer with phone 0901234567 already exists');
              return { status: 201, body: { success: true, data: makeCustomer(7, body) } };
            }
            if (method === 'POST' && url === '/api/coupons/validate') {
              const body = JSON.parse(config.data as string) as ValidateCouponBody;
              validations.push(body);
              if (body.code === 'HETLUOT') return fail(409, 'Coupon HETLUOT has been used up');
              if (body.code !== 'GIAM10') return fail(409, `There is no coupon ${body.code}`);
              return ok({ coupon: giam10, discount: couponDiscount(giam10, body.subtotal) });
            }
            return null;
          },
        ),
      );
      return { api, searches, validations, orders, signUps };
    }

    function bill() {
      return within(orderPanel().getByRole('region', { name: 'Bill' }));
    }

    it(
      'attaches a member found by phone, shows the points the order earns and sends customerId and the checked coupon',
      async () => {
        const user = userEvent.setup();
        const server = loyaltyApi();
        scene.fakeApi = server.api;
        const { store } = renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await user.click(dishButton('Phở bò'));
        await user.click(dishButton('Trà đá'));

        await user.type(orderPanel().getByRole('searchbox', { name: 'Find a member' }), '0901');
        await user.click(await orderPanel().findByRole('button', { name: /^Chị Lan/ }));
        // One search once typing paused, not one per digit.
        expect(server.searches).toEqual([{ search: '0901', limit: 5 }]);
        const member = within(orderPanel().getByRole('group', { name: 'Loyalty member' }));
        expect(member.getByText('Chị Lan')).toBeInTheDocument();
        expect(member.getByText('Gold · 1,250 points')).toBeInTheDocument();
        // The member's name and phone are the guest's.
        expect(orderPanel().getByLabelText('Guest name')).toHaveValue('Chị Lan');
        expect(orderPanel().getByLabelText('Phone (optional)')).toHaveValue('0901234567');
        await user.clear(orderPanel().getByLabelText('Guests'));
        await user.type(orderPanel().getByLabelText('Guests'), '3');
        await user.click(orderPanel().getByRole('button', { name: 'Start order' }));
        expect(store.getState().order).toMatchObject({
          customerName: 'Chị Lan',
          customerPhone: '0901234567',
          guests: 3,
          member: { _id: lan._id, membershipLevel: 'gold', loyaltyPoints: 1_250 },
        });

        // 135.000 + 10 % tax = 148.500; gold earns 1.5 points per 10.000 ₫: 22.
        expect(bill().getByText('Total').nextSibling).toHaveTextContent(money(148_500));
        expect(bill().getByText('Points to earn').nextSibling).toHaveTextContent('+22');
        expect(bill().getByText(/Chị Lan gets the points when the order is completed/)).toBeInTheDocument();

        await user.type(orderPanel().getByLabelText('Coupon code'), 'giam10');
        expect(await orderPanel().findByText(`GIAM10: 10% off, −${money(13_500)} on this order`)).toBeInTheDocument();
        expect(server.validations).toEqual([{ code: 'GIAM10', subtotal: 135_000, customerId: lan._id }]);
        // VAT on what is left after the discount, like the server: 121.500 + 12.150.
        expect(bill().getByText('Discount (GIAM10)').nextSibling).toHaveTextContent(`−${money(13_500)}`);
        expect(bill().getByText(/^VAT/).nextSibling).toHaveTextContent(money(12_150));
        expect(bill().getByText('Total').nextSibling).toHaveTextContent(money(133_650));
        expect(bill().getByText('Points to earn').nextSibling).toHaveTextContent('+20');

        // A new subtotal is checked again.
        await user.click(dishButton('Trà đá'));
        expect(await orderPanel().findByText(`GIAM10: 10% off, −${money(14_000)} on this order`)).toBeInTheDocument();
        expect(server.validations.at(-1)).toEqual({ code: 'GIAM10', subtotal: 140_000, customerId: lan._id });

        await user.click(orderPanel().getByRole('button', { name: 'Place order' }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042 placed' })).toBeInTheDocument();
        expect(server.orders).toEqual([
          {
            customerDetails: { name: 'Chị Lan', phone: '0901234567', guests: 3 },
            customerId: lan._id,
            items: [
              { itemId: pho._id, quantity: 2 },
              { itemId: traDa._id, quantity: 2 },
            ],
            couponCode: 'GIAM10',
            isPreorder: false,
          },
        ]);
        expect(store.getState().order.member).toBeNull();
      },
      journeyTimeout,
    );

    it(
      'shows why a coupon is refused and places the order without it',
      async () => {
        const user = userEvent.setup();
        const server = loyaltyApi();
        scene.fakeApi = server.api;
        renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await setCustomer(user, 'Anh Minh', '2');
        await user.type(orderPanel().getByLabelText('Coupon code'), 'HETLUOT');

        expect(await orderPanel().findByText('Coupon HETLUOT has been used up')).toBeInTheDocument();
        expect(orderPanel().getByLabelText('Coupon code')).toHaveAccessibleDescription(
          'Coupon HETLUOT has been used up',
        );
        // No member: the check is for a walk-in guest.
        expect(server.validations).toEqual([{ code: 'HETLUOT', subtotal: 65_000 }]);
        expect(bill().getByText('Discount').nextSibling).toHaveTextContent(money(0));
        expect(bill().getByText('Total').nextSibling).toHaveTextContent(money(71_500));
        expect(bill().queryByText('Points to earn')).not.toBeInTheDocument();

        await user.click(orderPanel().getByRole('button', { name: 'Place order' }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042 placed' })).toBeInTheDocument();
        expect(server.orders).toHaveLength(1);
        expect(server.orders[0]).not.toHaveProperty('couponCode');
        expect(server.orders[0]).not.toHaveProperty('customerId');
      },
      journeyTimeout,
    );

    it(
      'signs a guest up as a member from the POS, and attaches a member to an order already started',
      async () => {
        const user = userEvent.setup();
        const server = loyaltyApi();
        scene.fakeApi = server.api;
        const { store } = renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await user.type(orderPanel().getByRole('searchbox', { name: 'Find a member' }), '0901 234 567');
        expect(await orderPanel().findByText('No member matches “0901 234 567”.')).toBeInTheDocument();
        await user.click(orderPanel().getByRole('button', { name: 'New member' }));
        const signUp = within(orderPanel().getByRole('form', { name: 'New member' }));
        expect(signUp.getByLabelText('Member phone')).toHaveValue('0901 234 567');
        await user.click(signUp.getByRole('button', { name: 'Add member' }));
        expect(await signUp.findByText('Enter the customer name')).toBeInTheDocument();

        await user.type(signUp.getByLabelText('Member name'), 'Chú Ba');
        await user.click(signUp.getByRole('button', { name: 'Add member' }));
        expect(await signUp.findByRole('alert')).toHaveTextContent('A customer with phone 0901234567 already exists');

        await user.clear(signUp.getByLabelText('Member phone'));
        await user.type(signUp.getByLabelText('Member phone'), '0987 654 321');
        await user.click(signUp.getByRole('button', { name: 'Add member' }));
        expect(await screen.findByText('Chú Ba is now a member.')).toBeInTheDocument();
        expect(server.signUps).toEqual([
          { name: 'Chú Ba', phone: '0901234567' },
          { name: 'Chú Ba', phone: '0987654321' },
        ]);
        const member = within(orderPanel().getByRole('group', { name: 'Loyalty member' }));
        expect(member.getByText('Bronze · 0 points')).toBeInTheDocument();
        await user.click(member.getByRole('button', { name: 'Remove member' }));
        expect(orderPanel().queryByRole('group', { name: 'Loyalty member' })).not.toBeInTheDocument();

        // Started for a walk-in guest; the member is found afterwards.
        await setCustomer(user, 'Khách', '2');
        const firstOrderId = store.getState().order.orderId;
        await user.type(orderPanel().getByRole('searchbox', { name: 'Find a member' }), 'lan');
        await user.click(await orderPanel().findByRole('button', { name: /^Chị Lan/ }));
        expect(store.getState().order).toMatchObject({
          customerName: 'Chị Lan',
          customerPhone: '0901234567',
          guests: 2,
          member: { _id: lan._id },
        });
        // Setting the customer makes a new orderId, as the first contract fixed it (docs/compatibility.md).
        expect(store.getState().order.orderId).not.toBe(firstOrderId);
        expect(bill().getByText('Points to earn')).toBeInTheDocument();

        await user.click(
          within(orderPanel().getByRole('group', { name: 'Loyalty member' })).getByRole('button', {
            name: 'Remove member',
          }),
        );
        expect(store.getState().order).toMatchObject({ customerName: 'Chị Lan', guests: 2, member: null });
        expect(bill().queryByText('Points to earn')).not.toBeInTheDocument();
      },
      journeyTimeout,
    );
  });
});
