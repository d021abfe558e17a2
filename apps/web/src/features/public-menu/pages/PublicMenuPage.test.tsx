import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { activateLanguage } from '../../../lib/i18n';
import { createDinerSocket } from '../../../lib/socket';
import { createFakeDinerSocket } from '../../../test/fake-diner-socket';
import { installFakeFetch, okData, type FakeFetchAnswer } from '../../../test/fake-fetch';
import { bunCha, makePublicMenu, phoBo, phoTai, preferencesGroup } from '../../../test/data/diner';
import { renderPublicRoute } from '../../../test/render-public-route';

vi.mock('../../../lib/socket', () => ({ createDinerSocket: vi.fn(), createSocket: vi.fn() }));

const price = (text: string) => new RegExp(text.replace('.', '\\.'));

// Lazily loaded pages and many taps: slow on a busy two-core machine.
describe('PublicMenuPage', { timeout: 15_000 }, () => {
  let fake: ReturnType<typeof installFakeFetch> | undefined;
  let socket: ReturnType<typeof createFakeDinerSocket>;

  beforeEach(() => {
    socket = createFakeDinerSocket();
    vi.mocked(createDinerSocket).mockResolvedValue(socket.socket);
  });
  afterEach(() => {
    fake?.restore();
    vi.restoreAllMocks();
  });

  function serveMenu(answer: () => FakeFetchAnswer = () => okData(makePublicMenu())) {
    fake = installFakeFetch((request) => {
      if (request.url === '/api/public-menu') return answer();
      return { status: 404, body: { success: false, message: `No route ${request.url}` } };
    });
    return fake;
  }

  it('shows the restaurant, the categories and each dish with its price in dong', async () => {
    serveMenu();
    renderPublicRoute('/public-menu');

    expect(await screen.findByRole('heading', { level: 2, name: 'Noodles' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Our menu' })).toBeInTheDocument();
    expect(screen.getByText('Quán Bà Hai')).toBeInTheDocument();
    const categories = screen.getByRole('navigation', { name: 'Menu categories' });
    expect(
      within(categories)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Noodles', 'Drinks']);

    const phoCard = screen.getByRole('heading', { level: 3, name: 'Phở bò' }).closest('article')!;
    expect(within(phoCard).getByText('Beef noodle soup with herbs')).toBeInTheDocument();
    expect(within(phoCard).getByText(price('65.000'))).toBeInTheDocument();
    // No photo: no stand-in tile, the text takes the card; with a photo: a decorative image of a fixed size.
    expect(phoCard.querySelector('img, [aria-hidden="true"]')).toBeNull();
    const teaCard = screen.getByRole('heading', { level: 3, name: 'Trà đá' }).closest('article')!;
    expect(teaCard.querySelector('img')).toHaveAttribute('src', '/images/tra-da.jpg');
    expect(teaCard.querySelector('img')).toHaveAttribute('width', '112');
  });

  it('speaks the phone’s language, Vietnamese here, and switches to English on a tap, remembered', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['vi-VN', 'en-US']);
    serveMenu();
    const first = renderPublicRoute('/public-menu');

    expect(await screen.findByRole('heading', { level: 1, name: 'Thực đơn của quán' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('vi');
    expect(await screen.findByRole('searchbox', { name: 'Tìm món' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Danh mục món' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Thực đơn · Quán Bà Hai · Quán'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm món' }), 'bun');
    expect(screen.getByRole('status')).toHaveTextContent('Tìm thấy 1 món');

    const language = screen.getByRole('group', { name: 'Ngôn ngữ' });
    expect(within(language).getByRole('button', { name: 'VI, Tiếng Việt' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(language).getByRole('button', { name: 'EN, English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Our menu' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 dish found');
    expect(document.documentElement.lang).toBe('en');

    // The phone keeps the choice: the next visit opens in English although the phone speaks Vietnamese.
    first.unmount();
    await activateLanguage('vi');
    renderPublicRoute('/public-menu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our menu' })).toBeInTheDocument();
  });

  it('shows the English name and description of a dish that has them in English, and each dish as typed in Vietnamese', async () => {
    // Typed in Vietnamese, with English for the diners reading English; Bún chả has none.
    const pho = {
      ...phoBo,
      description: 'Bánh phở, bò tái và rau thơm',
      nameEn: 'Beef pho',
      descriptionEn: 'Rice noodles in beef broth',
    };
    serveMenu(() =>
      okData(
        makePublicMenu({
          categories: [{ _id: '0190a1b2-0000-7000-8000-0000000000c1', name: 'Noodles', items: [pho, bunCha] }],
        }),
      ),
    );
    renderPublicRoute('/public-menu');

    const phoCard = (await screen.findByRole('heading', { level: 3, name: 'Beef pho' })).closest('article')!;
    expect(phoCard).toHaveTextContent('Rice noodles in beef broth');
    expect(phoCard).not.toHaveTextContent(/Phở bò|Bánh phở/);
    const bunChaCard = screen.getByRole('heading', { level: 3, name: 'Bún chả' }).closest('article')!;
    expect(bunChaCard).toHaveTextContent('Grilled pork with rice noodles');
    // Either name finds the dish.
    const search = screen.getByRole('searchbox', { name: 'Search dishes' });
    await userEvent.type(search, 'pho bo');
    expect(screen.getByRole('heading', { level: 3, name: 'Beef pho' })).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'broth');
    expect(screen.getByRole('heading', { level: 3, name: 'Beef pho' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Bún chả' })).not.toBeInTheDocument();
    await userEvent.clear(search);

    await userEvent.click(screen.getByRole('button', { name: 'VI, Tiếng Việt' }));
    const typedCard = (await screen.findByRole('heading', { level: 3, name: 'Phở bò' })).closest('article')!;
    expect(typedCard).toHaveTextContent('Bánh phở, bò tái và rau thơm');
    expect(screen.queryByText(/Beef pho|beef broth/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Bún chả' })).toBeInTheDocument();
  });

  it('names categories, option groups and options in English where the restaurant wrote them', async () => {
    const requests = {
      ...preferencesGroup,
      name: 'Yêu cầu',
      nameEn: 'Requests',
      options: preferencesGroup.options.map((option, index) =>
        index === 0 ? { ...option, nameEn: 'No onion' } : option,
      ),
    };
    serveMenu(() =>
      okData(
        makePublicMenu({
          categories: [
            {
              _id: '0190a1b2-0000-7000-8000-0000000000c1',
              name: 'Món nước',
              nameEn: 'Noodle soups',
              items: [{ ...phoTai, optionGroups: [requests] }],
            },
            { _id: '0190a1b2-0000-7000-8000-0000000000c2', name: 'Đồ uống', nameEn: null, items: [bunCha] },
          ],
        }),
      ),
    );
    renderPublicRoute('/public-menu');

    expect(await screen.findByRole('heading', { level: 2, name: 'Noodle soups' })).toBeInTheDocument();
    // Without an English name, the category is named as typed.
    expect(screen.getByRole('heading', { level: 2, name: 'Đồ uống' })).toBeInTheDocument();
    const phoCard = screen.getByRole('heading', { level: 3, name: 'Phở tái' }).closest('article')!;
    expect(phoCard).toHaveTextContent('Choose: requests');

    await userEvent.click(screen.getByRole('button', { name: 'VI, Tiếng Việt' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Món nước' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Phở tái' }).closest('article')).toHaveTextContent(
      'Chọn: yêu cầu',
    );
  });

  it('finds dishes with and without accents, and says when nothing matches', async () => {
    serveMenu();
    renderPublicRoute('/public-menu');
    const search = await screen.findByRole('searchbox', { name: 'Search dishes' });

    await userEvent.type(search, 'bun cha');
    expect(screen.getByRole('heading', { level: 3, name: 'Bún chả' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Phở bò' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Drinks' })).not.toBeInTheDocument();
    expect(screen.getByText('1 dish found')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'Phở');
    expect(screen.getByRole('heading', { level: 3, name: 'Phở bò' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Bún chả' })).not.toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'pizza');
    expect(screen.getByText('No dish matches “pizza”.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Trà đá' })).toBeInTheDocument();
  });

  it('scrolls to a category from the bar and marks it as the current one', async () => {
    serveMenu();
    // jsdom does not lay out or scroll.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderPublicRoute('/public-menu');

    const drinks = await screen.findByRole('link', { name: 'Drinks' });
    expect(screen.getByRole('link', { name: 'Noodles' })).toHaveAttribute('aria-current', 'location');

    await userEvent.click(drinks);

    expect(drinks).toHaveAttribute('aria-current', 'location');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById(drinks.getAttribute('href')!.slice(1)));
    expect(screen.getByRole('heading', { level: 2, name: 'Drinks' })).toHaveFocus();
  });

  it('drops a dish that sells out when the menu changes, reloading past the browser cache', async () => {
    let menu = makePublicMenu();
    const fetches = serveMenu(() => okData(menu));
    renderPublicRoute('/public-menu');
    expect(await screen.findByRole('heading', { level: 3, name: 'Bún chả' })).toBeInTheDocument();
    await waitFor(() => expect(socket.isListening('menu:updated')).toBe(true));

    menu = makePublicMenu({
      categories: [{ _id: '0190a1b2-0000-7000-8000-0000000000c1', name: 'Noodles', items: [phoBo] }],
    });
    socket.serverEmit('menu:updated', {});

    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: bunCha.name })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 3, name: 'Phở bò' })).toBeInTheDocument();
    expect(fetches.requests).toHaveLength(2);
    expect(fetches.requests[0]?.cache).not.toBe('no-cache');
    expect(fetches.requests[1]?.cache).toBe('no-cache');
    expect(fetches.requests.every((request) => request.credentials === 'omit')).toBe(true);
  });

  it('reloads the menu after the socket reconnects, since updates may have been missed', async () => {
    const fetches = serveMenu();
    renderPublicRoute('/public-menu');
    await screen.findByRole('heading', { level: 2, name: 'Noodles' });
    await waitFor(() => expect(socket.isListening('menu:updated')).toBe(true));

    socket.reconnect();

    await waitFor(() => expect(fetches.requests).toHaveLength(2));
  });

  it('says when the menu is empty', async () => {
    serveMenu(() => okData(makePublicMenu({ categories: [] })));
    renderPublicRoute('/public-menu');

    expect(
      await screen.findByText('There is nothing on the menu right now. Please ask our staff.'),
    ).toBeInTheDocument();
  });

  it('offers to try again when the menu cannot be loaded', async () => {
    let fails = true;
    serveMenu(() =>
      fails ? { status: 404, body: { success: false, message: 'The menu is closed' } } : okData(makePublicMenu()),
    );
    renderPublicRoute('/public-menu');

    expect(await screen.findByRole('alert')).toHaveTextContent('The menu is closed');
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'Phở bò' })).toBeInTheDocument();
  });
});
