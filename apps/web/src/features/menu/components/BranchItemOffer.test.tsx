import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeCategory, makeItem } from '../../../test/data/menu';
import { ItemManagement } from './ItemManagement';

const noodles = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01', name: 'Noodles', itemCount: 1 });
// The menu sells Phở bò at 50.000; this branch at 55.000.
const pho = makeItem(noodles, {
  _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01',
  name: 'Phở bò',
  price: 55_000,
  menuPrice: 50_000,
  branchPrice: 55_000,
  isSold: true,
});
const dishUrl = `/api/item/${pho._id}`;
const offerUrl = `/api/item/${pho._id}/branch`;

/** The dishes of a manager in Quận 3, a branch of a chain; a save is answered as the dish unless told. */
function renderDishes(offerAnswer: FakeResponse = ok(pho)) {
  storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
  const fakeApi = installFakeApi(({ method, url }) => {
    if (method === 'GET' && url === '/api/category') return ok([noodles]);
    if (method === 'GET' && url === '/api/item') return ok([pho]);
    if (method === 'PUT' && url === dishUrl) return ok(pho);
    if (method === 'PUT' && url === offerUrl) return offerAnswer;
    return fail(404, 'Not found');
  });
  renderRoutes(
    [
      {
        path: '/',
        element: <ItemManagement ingredients={{ status: 'success', ingredients: [] }} branchName="Quận 3" />,
      },
    ],
    { path: '/' },
  );
  return fakeApi;
}

function putsOf(fakeApi: ReturnType<typeof installFakeApi>) {
  return fakeApi.configs
    .filter((config) => config.method === 'put')
    .map((config) => ({ url: config.url, body: JSON.parse(config.data as string) as Record<string, unknown> }));
}

async function openPho(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Phở bò' }));
  return screen.getByRole('dialog', { name: 'Edit Phở bò' });
}

// Journeys through a dialog: a busy two-core machine can need more than the default 5 s.
describe('BranchItemOffer in the dish dialog', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it("sits above the dish's Save, which saves the branch's price and availability alone when only they changed", async () => {
    const user = userEvent.setup();
    fakeApi = renderDishes();
    const dialog = await openPho(user);

    const offer = within(dialog).getByRole('group', { name: 'In Quận 3' });
    const save = within(dialog).getByRole('button', { name: 'Save dish' });
    // In the dish's own form, before its actions: nobody scrolls past Save to find it.
    expect(save.closest('form')).toContainElement(offer);
    expect(offer.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save for this branch' })).not.toBeInTheDocument();

    const price = within(offer).getByLabelText('Price in this branch (VND)');
    expect(price).toHaveValue(55_000);
    expect(price).toHaveAccessibleDescription(/Empty: the menu's price, 50[.,]000/);
    const sold = within(offer).getByRole('switch', { name: 'Sold in this branch' });
    expect(sold).toBeChecked();

    // A negative price is refused at the field, before any call.
    await user.clear(price);
    await user.type(price, '-1');
    await user.click(save);
    expect(await within(offer).findByText('The price must be a whole number of VND, not negative')).toBeInTheDocument();
    expect(putsOf(fakeApi)).toEqual([]);

    // Emptied, the branch follows the menu's price again.
    await user.clear(price);
    await user.click(sold);
    await user.click(save);

    expect(await screen.findByText('Phở bò saved for this branch.')).toBeInTheDocument();
    // The menu's dish is as it was: a branch's price is not the menu's.
    expect(putsOf(fakeApi)).toEqual([{ url: offerUrl, body: { price: null, isSold: false } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("saves the menu's dish, then this branch's offer, with one Save", async () => {
    const user = userEvent.setup();
    fakeApi = renderDishes();
    const dialog = within(await openPho(user));

    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Phở bò tái');
    await user.clear(dialog.getByLabelText('Price in this branch (VND)'));
    await user.type(dialog.getByLabelText('Price in this branch (VND)'), '60000');
    await user.click(dialog.getByRole('button', { name: 'Save dish' }));

    expect(await screen.findByText('Phở bò saved.')).toBeInTheDocument();
    const puts = putsOf(fakeApi);
    expect(puts.map((put) => put.url)).toEqual([dishUrl, offerUrl]);
    expect(puts[0]?.body).toMatchObject({ name: 'Phở bò tái', price: 50_000 });
    expect(puts[1]?.body).toEqual({ price: 60_000, isSold: true });
  });

  it('keeps the dialog open and says why when the branch refuses its offer', async () => {
    const user = userEvent.setup();
    fakeApi = renderDishes(fail(404, 'That dish does not exist (it may have been deleted)'));
    const dialog = within(await openPho(user));

    await user.click(dialog.getByRole('switch', { name: 'Sold in this branch' }));
    await user.click(dialog.getByRole('button', { name: 'Save dish' }));

    expect(await dialog.findByText('That dish does not exist (it may have been deleted)')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Phở bò' })).toBeInTheDocument();
  });
});
