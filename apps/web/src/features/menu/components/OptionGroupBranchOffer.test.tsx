import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Branch } from '@quan/contract/branch';
import type { BranchOptionBody } from '@quan/contract/options';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeOptionGroup } from '../../../test/data/menu';
import { routes } from '../../../app/routes';
import { branchListAnswer, makeBranch } from '../../../test/data/branches';

const district1 = makeBranch({ _id: '0190a1b2-c3d4-7e5f-8a9b-5b0000000001', name: 'Quận 1', slug: 'quan-1' });
const district3 = makeBranch({ _id: '0190a1b2-c3d4-7e5f-8a9b-5b0000000003', name: 'Quận 3', slug: 'quan-3' });

const nhoId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d01';
const vuaId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d02';
const lonId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d03';
// The menu's Lớn costs 10.000 more; District 1 asks 12.000 more and does not offer Nhỏ.
const size = makeOptionGroup({
  _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c01',
  name: 'Size',
  minSelected: 1,
  maxSelected: 1,
  options: [
    { _id: nhoId, name: 'Nhỏ', priceDelta: -5_000, branchPriceDelta: null, isSold: false, recipe: [] },
    { _id: vuaId, name: 'Vừa', isDefault: true, priceDelta: 0, branchPriceDelta: null, isSold: true, recipe: [] },
    { _id: lonId, name: 'Lớn', priceDelta: 10_000, branchPriceDelta: 12_000, isSold: true, recipe: [] },
  ],
});

/** The menu page of a manager: it asks which branches there are and tells the option group editor. */
function renderMenuPage() {
  storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
  return renderRoutes(routes, { path: '/menu-management' });
}

function serve(branches: Branch[]) {
  return installFakeApi(({ method, url }) => {
    if (method === 'GET' && url === '/api/branches') return branchListAnswer(branches);
    if (method === 'GET' && url === '/api/option-group') return ok([size]);
    if (method === 'PUT' && (url === `/api/option-group/${size._id}` || url.startsWith('/api/option-group/option/'))) {
      return ok(size);
    }
    // The page's other parts (categories, dishes, stations, ingredients) are empty.
    return method === 'GET' ? ok([]) : fail(404, 'Not found');
  });
}

function branchPuts(fakeApi: ReturnType<typeof installFakeApi>) {
  return fakeApi.configs
    .filter((config) => config.method === 'put')
    .map((config) => ({ url: config.url, body: JSON.parse(config.data as string) as BranchOptionBody }));
}

async function openSize(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Size' }));
  return within(screen.getByRole('dialog', { name: 'Edit Size' }));
}

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('OptionGroupBranchOffer', { timeout: 30_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it("sits above the group's Save, which saves only the options changed in this branch when only they changed", async () => {
    const user = userEvent.setup();
    fakeApi = serve([district1, district3]);
    renderMenuPage();

    const dialog = await openSize(user);
    const section = await dialog.findByRole('group', { name: 'In this branch' });
    const save = dialog.getByRole('button', { name: 'Save option group' });
    // In the group's own form, before its actions: nobody scrolls past Save to find it.
    expect(save.closest('form')).toContainElement(section);
    expect(section.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Save for this branch' })).not.toBeInTheDocument();

    const offer = within(section);
    const large = within(offer.getByRole('group', { name: 'Lớn' }));
    const small = within(offer.getByRole('group', { name: 'Nhỏ' }));
    const price = large.getByLabelText('Price change in this branch (VND)');
    expect(price).toHaveValue(12_000);
    expect(price).toHaveAccessibleDescription(`Empty: the menu's price, +${formatMoney(10_000)}`);
    expect(large.getByRole('switch', { name: 'Sold in this branch' })).toBeChecked();
    expect(small.getByRole('switch', { name: 'Sold in this branch' })).not.toBeChecked();

    // A price change that is not whole dong is refused here, before any call.
    await user.clear(price);
    await user.type(price, '1.5');
    await user.click(save);
    expect(
      await large.findByText('The price change must be a whole number of VND, from -100,000,000 to 100,000,000'),
    ).toBeInTheDocument();
    expect(branchPuts(fakeApi)).toEqual([]);

    // Emptied, Lớn follows the menu's price change again.
    await user.clear(price);
    await user.click(small.getByRole('switch', { name: 'Sold in this branch' }));
    await user.click(save);

    expect(await screen.findByText('Size saved for this branch.')).toBeInTheDocument();
    // Vừa is as it was: only the two options changed are sent.
    expect(branchPuts(fakeApi)).toEqual([
      { url: `/api/option-group/option/${nhoId}/branch`, body: { priceDelta: null, isSold: true } },
      { url: `/api/option-group/option/${lonId}/branch`, body: { priceDelta: null, isSold: true } },
    ]);
    // The group itself was not saved: a branch's prices are not the menu's.
    expect(fakeApi.requests).not.toContain(`PUT /api/option-group/${size._id}`);
  });

  it("saves the menu's group, then this branch's offers, with one Save", async () => {
    const user = userEvent.setup();
    fakeApi = serve([district1, district3]);
    renderMenuPage();

    const dialog = await openSize(user);
    const large = within(await dialog.findByRole('group', { name: 'Lớn' }));
    await user.clear(dialog.getByLabelText('Group name'));
    await user.type(dialog.getByLabelText('Group name'), 'Cỡ');
    await user.clear(large.getByLabelText('Price change in this branch (VND)'));
    await user.type(large.getByLabelText('Price change in this branch (VND)'), '15000');
    await user.click(dialog.getByRole('button', { name: 'Save option group' }));

    expect(await screen.findByText('Option group “Size” saved.')).toBeInTheDocument();
    expect(fakeApi.requests.filter((request) => request.startsWith('PUT'))).toEqual([
      `PUT /api/option-group/${size._id}`,
      `PUT /api/option-group/option/${lonId}/branch`,
    ]);
    expect(branchPuts(fakeApi).at(-1)?.body).toEqual({ priceDelta: 15_000, isSold: true });
  });

  it('is not there in a restaurant with one branch', async () => {
    const user = userEvent.setup();
    fakeApi = serve([district1]);
    const { queryClient } = renderMenuPage();

    const dialog = await openSize(user);
    await waitFor(() => expect(queryClient.getQueryData(['branches'])).toMatchObject({ data: [district1] }));
    expect(dialog.getByRole('button', { name: 'Save option group' })).toBeInTheDocument();
    expect(dialog.queryByRole('group', { name: 'In this branch' })).not.toBeInTheDocument();
    expect(dialog.queryByLabelText('Price change in this branch (VND)')).not.toBeInTheDocument();
  });
});
