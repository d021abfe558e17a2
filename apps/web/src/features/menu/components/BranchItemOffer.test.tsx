import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeCategory, makeItem } from '../../../test/data/menu';
import { BranchItemOffer } from './BranchItemOffer';

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

function renderOffer() {
  storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
  return renderRoutes([{ path: '/', element: <BranchItemOffer item={pho} branchName="Quận 3" /> }], { path: '/' });
}

describe('BranchItemOffer', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it("saves the branch's own price, back to the menu's when emptied, and whether the branch sells the dish", async () => {
    const user = userEvent.setup();
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'PUT' && url === `/api/item/${pho._id}/branch`) return ok(pho);
      return fail(404, 'Not found');
    });
    renderOffer();

    const form = within(await screen.findByRole('form', { name: 'In Quận 3' }));
    const price = form.getByLabelText('Price in this branch (VND)');
    expect(price).toHaveValue(55_000);
    expect(form.getByText(/Empty: the menu's price, 50[.,]000/)).toBeInTheDocument();
    expect(form.getByRole('switch', { name: 'Sold in this branch' })).toBeChecked();

    await user.clear(price);
    await user.click(form.getByRole('switch', { name: 'Sold in this branch' }));
    await user.click(form.getByRole('button', { name: 'Save for this branch' }));

    await waitFor(() => expect(fakeApi!.configs.filter((config) => config.method === 'put')).toHaveLength(1));
    const [put] = fakeApi.configs.filter((config) => config.method === 'put');
    expect(JSON.parse(put?.data as string)).toEqual({ price: null, isSold: false });

    await user.type(price, '-1');
    await user.click(form.getByRole('button', { name: 'Save for this branch' }));
    expect(await form.findByText('The price must be a whole number of VND, not negative')).toBeInTheDocument();
    expect(fakeApi.configs.filter((config) => config.method === 'put')).toHaveLength(1);
  });
});
