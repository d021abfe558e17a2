import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateOrderBody } from '@quan/contract/order';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import {
  money,
  pho,
  traDa,
  table4,
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

  it(
    'takes an order: dishes, customer, free table, then the server-priced receipt and tickets',
    async () => {
      const user = userEvent.setup();
      scene.fakeApi = installFakeApi(posApi(() => created(placedOrder)));
      const { store } = renderRoutes(routes, { path: '/menu' });

      await screen.findByRole('button', { name: /^Phở bò/ });
      expect(dishButton('Bún chả')).toBeDisabled();
      expect(within(dishButton('Bún chả')).getByText('Unavailable')).toBeInTheDocument();

      await user.click(dishButton('Phở bò'));
      await user.click(dishButton('Phở bò'));
      await user.click(dishButton('Phở bò'));
      await user.click(dishButton('Bún chả'));
      await user.click(dishButton('Trà đá'));
      await user.click(orderPanel().getByRole('button', { name: 'Remove one Phở bò' }));
      await user.click(orderPanel().getByRole('button', { name: 'Add a note for Trà đá' }));
      await user.type(orderPanel().getByRole('textbox', { name: 'Note for Trà đá' }), 'ít đá');
      await user.click(orderPanel().getByRole('button', { name: 'Save note' }));

      expect(store.getState().cart.items).toHaveLength(3);
      expect(dishButton('Phở bò')).toHaveTextContent('2 in the order');
      // The estimate at the restaurant's tax rate (10 %): 135.000 + 13.500.
      const bill = orderPanel().getByRole('region', { name: 'Bill' });
      expect(within(bill).getByText('Subtotal').nextSibling).toHaveTextContent(money(135_000));
      expect(within(bill).getByText(/^VAT/).nextSibling).toHaveTextContent(money(13_500));
      expect(within(bill).getByText('Total').nextSibling).toHaveTextContent(money(148_500));
      expect(within(bill).getByText(/Final prices are set by the server/)).toBeInTheDocument();
      expect(orderPanel().getByRole('button', { name: 'Place order' })).toBeDisabled();
      expect(
        orderPanel().getByText('Choose a table, or set the guest for a takeaway, to start the order.'),
      ).toBeInTheDocument();

      await setCustomer(user, 'Chị Lan', '3');
      const orderId = store.getState().order.orderId;
      expect(orderId).toMatch(/^\d{13}$/);
      expect(orderPanel().getByText('Chị Lan')).toBeInTheDocument();

      const freeTables = orderPanel().getByRole('group', { name: 'Free tables' });
      expect(within(freeTables).queryByRole('button', { name: /^Table 2/ })).not.toBeInTheDocument();
      await user.click(within(freeTables).getByRole('button', { name: 'Table 4, 4 seats' }));
      expect(within(freeTables).getByRole('button', { name: 'Table 4, 4 seats' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await user.click(orderPanel().getByRole('button', { name: 'Place order' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042 placed' })).toBeInTheDocument();
      const posts = scene.fakeApi.configs.filter((config) => config.method === 'post');
      expect(posts).toHaveLength(1);
      const body = JSON.parse(posts[0]!.data as string) as CreateOrderBody;
      expect(body).toEqual({
        customerDetails: { name: 'Chị Lan', guests: 3 },
        tableId: table4._id,
        items: [
          { itemId: pho._id, quantity: 2 },
          { itemId: traDa._id, quantity: 1, note: 'ít đá' },
        ],
        isPreorder: false,
      });
      expect(posts[0]!.data).not.toMatch(/price|total/i);
      expect(posts[0]!.headers['Idempotency-Key']).toBe(orderId);

      expect(await screen.findByText('Order #1042 placed.')).toBeInTheDocument();
      expect(store.getState().cart.items).toEqual([]);
      expect(store.getState().order).toMatchObject({ orderId, customerName: '', guests: 0, table: null });

      const receipt = within(screen.getByRole('article', { name: 'Bill for order 1042' }));
      expect(receipt.getByText('Quán Test')).toBeInTheDocument();
      expect(receipt.getByText('Subtotal').nextSibling).toHaveTextContent(money(145_000));
      expect(receipt.getByText('VAT 10%').nextSibling).toHaveTextContent(money(14_500));
      expect(receipt.getByText('Total').nextSibling).toHaveTextContent(money(159_500));
      expect(receipt.getByText(money(140_000))).toBeInTheDocument();

      const printed: string[] = [];
      vi.spyOn(window, 'print').mockImplementation(() => {
        printed.push(document.querySelector('body > .print-sheet')?.textContent ?? '');
      });
      await user.click(screen.getByRole('button', { name: 'Print kitchen ticket' }));
      await waitFor(() => expect(printed).toHaveLength(1));
      expect(printed[0]).toContain('KITCHEN · #1042');
      expect(printed[0]).toContain('Table 4');
      expect(printed[0]).toContain('2 × Phở bò');
      expect(printed[0]).not.toContain('₫');
      act(() => {
        window.dispatchEvent(new Event('afterprint'));
      });
      expect(document.querySelector('.print-sheet')).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Print the bill' }));
      await waitFor(() => expect(printed).toHaveLength(2));
      expect(printed[1]).toContain('BillOrder #1042');
      expect(printed[1]).toContain(formatMoney(159_500));

      await user.click(screen.getByRole('button', { name: 'New order' }));
      expect(await screen.findByRole('button', { name: 'Start order' })).toBeInTheDocument();
    },
    journeyTimeout,
  );

  it(
    'speaks Vietnamese: the menu, the order panel, the placed order, its receipt and kitchen ticket',
    async () => {
      await activateLanguage('vi', 'staff');
      const user = userEvent.setup();
      scene.fakeApi = installFakeApi(posApi(() => created(placedOrder)));
      renderRoutes(routes, { path: '/menu' });

      expect(await screen.findByRole('heading', { level: 1, name: 'Thực đơn' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toMatch(/^Thực đơn/));
      const tabs = screen.getByRole('tablist', { name: 'Danh mục' });
      expect(within(tabs).getByRole('tab', { name: 'Tất cả' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('searchbox', { name: 'Tìm món' })).toBeInTheDocument();
      expect(
        within(await screen.findByRole('button', { name: /^Bún chả/ })).getByText('Tạm ngưng'),
      ).toBeInTheDocument();
      expect(within(dishButton('Bún bò Huế')).getByText('Hết món')).toBeInTheDocument();

      const panel = within(screen.getByRole('complementary', { name: 'Đơn hiện tại' }));
      expect(panel.getByText('Chưa có món nào. Chạm vào món để thêm.')).toBeInTheDocument();
      await user.click(dishButton('Phở bò'));
      await user.click(dishButton('Phở bò'));
      expect(dishButton('Phở bò')).toHaveTextContent('2 trong đơn');
      expect(panel.getByRole('list', { name: 'Các món trong đơn' })).toBeInTheDocument();
      expect(panel.getByRole('region', { name: 'Món (2)' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /^Xem đơn · 2 món/ })).toBeInTheDocument();

      const bill = within(panel.getByRole('region', { name: 'Hóa đơn' }));
      expect(bill.getByText('Tạm tính').nextSibling).toHaveTextContent(money(130_000));
      expect(bill.getByText('Giảm giá').nextSibling).toHaveTextContent(money(0));
      expect(bill.getByText('VAT 10%').nextSibling).toHaveTextContent(money(13_000));
      expect(bill.getByText('Tổng cộng').nextSibling).toHaveTextContent(money(143_000));
      expect(panel.getByRole('button', { name: 'Tạo đơn' })).toBeDisabled();
      expect(panel.getByText('Chọn bàn, hoặc nhập tên khách nếu mang về, để bắt đầu đơn.')).toBeInTheDocument();
      expect(panel.getByPlaceholderText('Thành viên: số điện thoại hoặc tên')).toBeInTheDocument();
      expect(panel.getByRole('textbox', { name: 'Mã giảm giá' })).toBeInTheDocument();
      expect(panel.getByRole('textbox', { name: 'Ghi chú cho đơn (không bắt buộc)' })).toBeInTheDocument();

      const customer = within(panel.getByRole('form', { name: 'Khách hàng' }));
      await user.type(customer.getByRole('textbox', { name: 'Tên khách' }), 'Chị Lan');
      const guests = customer.getByRole('spinbutton', { name: 'Số khách' });
      await user.clear(guests);
      await user.type(guests, '3');
      await user.click(customer.getByRole('button', { name: 'Bắt đầu đơn' }));
      expect(panel.getByText('3 khách')).toBeInTheDocument();
      expect(panel.getByRole('button', { name: 'Bỏ khách hàng' })).toBeInTheDocument();

      const freeTables = within(panel.getByRole('group', { name: 'Bàn trống' }));
      await user.click(freeTables.getByRole('button', { name: 'Bàn 1, 2 chỗ' }));
      expect(panel.getByText('Bàn 1 có 2 chỗ, đơn này có 3 khách.')).toBeInTheDocument();
      await user.click(freeTables.getByRole('button', { name: 'Bàn 4, 4 chỗ' }));
      await user.click(panel.getByRole('button', { name: 'Tạo đơn' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Đã tạo đơn #1042' })).toBeInTheDocument();
      expect(await screen.findByText('Đã tạo đơn #1042.')).toBeInTheDocument();
      expect(screen.getByText(/^Bàn 4 · Chị Lan · tổng cộng/)).toHaveTextContent('Bếp đã nhận đơn.');
      const receipt = within(screen.getByRole('article', { name: 'Phiếu tạm tính của đơn số 1042' }));
      expect(receipt.getByText('Phiếu tạm tính')).toBeInTheDocument();
      expect(receipt.getByText('Đơn #1042')).toBeInTheDocument();
      expect(receipt.getByText(/^Bàn 4 · 3 khách/)).toHaveTextContent('Khách: Chị Lan');
      expect(receipt.getByText('Tạm tính').nextSibling).toHaveTextContent(money(145_000));
      expect(receipt.getByText('VAT 10%').nextSibling).toHaveTextContent(money(14_500));
      expect(receipt.getByText('Tổng cộng').nextSibling).toHaveTextContent(money(159_500));
      expect(receipt.getByText('Chưa thanh toán')).toBeInTheDocument();
      expect(receipt.getByText('Nhân viên phục vụ: Lê Minh Châu')).toBeInTheDocument();
      const ticket = within(screen.getByRole('article', { name: 'Phiếu bếp của đơn số 1042' }));
      expect(ticket.getByText('BẾP · #1042')).toBeInTheDocument();
      expect(ticket.getByText('Bàn 4')).toBeInTheDocument();
      expect(ticket.getByText('Chị Lan · 3 khách')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'In phiếu tạm tính' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'In phiếu bếp' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Đơn mới' }));
      expect(await screen.findByRole('button', { name: 'Bắt đầu đơn' })).toBeInTheDocument();
    },
    journeyTimeout,
  );

  it(
    'places a table order from the table and the dishes alone, under a key of its own',
    async () => {
      const user = userEvent.setup();
      const unnamed = { ...placedOrder, customerDetails: { name: '', phone: '', guests: 1 } };
      scene.fakeApi = installFakeApi(posApi(() => created(unnamed)));
      const { store } = renderRoutes(routes, { path: '/menu' });

      await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
      const freeTables = orderPanel().getByRole('group', { name: 'Free tables' });
      await user.click(within(freeTables).getByRole('button', { name: 'Table 4, 4 seats' }));
      const orderId = store.getState().order.orderId;
      expect(orderId).toMatch(/^\d{13}$/);
      expect(orderPanel().queryByText(/to start the order/)).not.toBeInTheDocument();

      await user.click(orderPanel().getByRole('button', { name: 'Place order' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042 placed' })).toBeInTheDocument();
      const [post] = scene.fakeApi.configs.filter((config) => config.method === 'post');
      expect(JSON.parse(post!.data as string)).toEqual({
        tableId: table4._id,
        items: [{ itemId: pho._id, quantity: 1 }],
        isPreorder: false,
      });
      expect(post!.headers['Idempotency-Key']).toBe(orderId);
      const ticket = within(screen.getByRole('article', { name: 'Kitchen ticket for order 1042' }));
      expect(ticket.getByText('1 guest')).toBeInTheDocument();
    },
    journeyTimeout,
  );

  it('points a manager to menu management, where dishes are changed', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    scene.fakeApi = installFakeApi(posApi(() => fail(500, 'unused')));
    renderRoutes(routes, { path: '/menu' });

    expect(await screen.findByRole('link', { name: 'Manage the menu' })).toHaveAttribute('href', '/menu-management');
  });

  it(
    'filters dishes by category tab and by a search that ignores accents',
    async () => {
      const user = userEvent.setup();
      scene.fakeApi = installFakeApi(posApi(() => fail(500, 'unused')));
      renderRoutes(routes, { path: '/menu' });

      const tabs = await screen.findByRole('tablist', { name: 'Categories' });
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['All', 'Noodles', 'Drinks']);
      expect(within(tabs).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.queryByRole('link', { name: 'Manage the menu' })).not.toBeInTheDocument();

      await user.click(within(tabs).getByRole('tab', { name: 'Drinks' }));
      expect(within(tabs).getByRole('tab', { name: 'Drinks' })).toHaveAttribute('aria-selected', 'true');
      const panel = within(screen.getByRole('tabpanel', { name: 'Drinks' }));
      expect(panel.getAllByRole('button').map((button) => button.textContent)).toEqual([
        expect.stringMatching(/^Trà đá/),
      ]);

      await user.keyboard('{ArrowLeft}');
      expect(within(tabs).getByRole('tab', { name: 'Noodles' })).toHaveFocus();
      expect(within(tabs).getByRole('tab', { name: 'Noodles' })).toHaveAttribute('aria-selected', 'true');

      await user.click(within(tabs).getByRole('tab', { name: 'All' }));
      await user.type(screen.getByRole('searchbox', { name: 'Search dishes' }), 'TRA DA');
      expect(
        within(screen.getByRole('tabpanel'))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([expect.stringMatching(/^Trà đá/)]);
    },
    journeyTimeout,
  );

  it(
    'refuses a dish that is sold out, with the reason on its tile',
    async () => {
      const user = userEvent.setup();
      scene.fakeApi = installFakeApi(posApi(() => fail(500, 'unused')));
      const { store } = renderRoutes(routes, { path: '/menu' });

      await screen.findByRole('button', { name: /^Phở bò/ });
      expect(dishButton('Bún bò Huế')).toBeDisabled();
      expect(within(dishButton('Bún bò Huế')).getByText('Sold out')).toBeInTheDocument();
      expect(within(dishButton('Phở bò')).queryByText('Sold out')).not.toBeInTheDocument();

      await user.click(dishButton('Bún bò Huế'));
      expect(store.getState().cart.items).toEqual([]);
      await user.click(dishButton('Phở bò'));
      expect(store.getState().cart.items.map((entry) => entry.name)).toEqual(['Phở bò']);
    },
    journeyTimeout,
  );
});
