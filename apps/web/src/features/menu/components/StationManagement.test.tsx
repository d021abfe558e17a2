import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Station } from '@quan/contract/stations';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeCategory, makeItem, makeStation } from '../../../test/data/menu';
import { StationManagement } from './StationManagement';

const bep = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5a01', name: 'Bếp', targetMinutes: 12, sortOrder: 0 });
const nuong = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5a02', name: 'Nướng', sortOrder: 1 });

function renderStations(branchName: string | null = null) {
  storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
  return renderRoutes([{ path: '/', element: <StationManagement branchName={branchName} /> }], { path: '/' });
}

// Each test is a journey through dialogs; a busy two-core machine needs more than the default 5 s.
const journeyTimeout = 20_000;

describe('StationManagement', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('says what goes to each station and links to its kitchen screen', async () => {
    const bar = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5a03', name: 'Bar', sortOrder: 2 });
    const noodles = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01', name: 'Noodles' });
    const grill = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a02', name: 'Grill', stationId: nuong._id });
    const sides = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a03', name: 'Sides', stationId: nuong._id });
    // Routed to a station deleted since: it counts as routed nowhere.
    const drinks = makeCategory({
      _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a04',
      name: 'Drinks',
      stationId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5aff',
    });
    const items = [
      makeItem(noodles, { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01', name: 'Phở bò' }),
      makeItem(grill, { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b02', name: 'Sườn nướng' }),
      makeItem(noodles, { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b03', name: 'Bún chả', stationId: nuong._id }),
      makeItem(drinks, { _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b04', name: 'Trà đá', stationId: bep._id }),
    ];
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/station') return ok([bep, nuong, bar]);
      if (method === 'GET' && url === '/api/category') return ok([noodles, grill, sides, drinks]);
      if (method === 'GET' && url === '/api/item') return ok(items);
      return fail(404, 'Not found');
    });
    renderStations();

    const linesOf = (station: string) =>
      within(screen.getByRole('list', { name: `What goes to ${station}` }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    await screen.findByRole('list', { name: 'What goes to Bếp' });
    expect(linesOf('Bếp')).toEqual(['Dish on its own: Trà đá', 'And every dish routed nowhere']);
    expect(linesOf('Nướng')).toEqual(['Categories: Grill and Sides', 'Dish on its own: Bún chả']);
    const barRow = within(screen.getByRole('article', { name: 'Bar' }));
    expect(barRow.getByText(/^Nothing goes here yet/)).toBeInTheDocument();
    // The order shows the position; no developer numbers.
    expect(screen.queryByText(/Position/)).not.toBeInTheDocument();

    for (const station of [bep, nuong, bar]) {
      expect(screen.getByRole('link', { name: `Open its kitchen screen: ${station.name}` })).toHaveAttribute(
        'href',
        `/orders?view=kitchen&station=${station._id}`,
      );
    }
  });

  it(
    'lists the stations in order, checks the form, then creates one after the others',
    async () => {
      const user = userEvent.setup();
      let stations: Station[] = [nuong, bep];
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/station') return ok(stations);
        if (method === 'POST' && url === '/api/station') {
          const created = makeStation({
            _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5a03',
            ...(JSON.parse(config.data as string) as Pick<Station, 'name'>),
          });
          stations = [...stations, created];
          return { status: 201, body: { success: true, data: created } };
        }
        return fail(404, 'Not found');
      });
      renderStations();

      const rows = await screen.findAllByRole('article');
      expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Bếp', 'Nướng']);
      expect(within(rows[0]!).getByText('First')).toBeInTheDocument();
      expect(within(rows[0]!).getByText(/Target 12 min/)).toBeInTheDocument();
      expect(within(rows[1]!).getByText(/No target time/)).toBeInTheDocument();
      expect(screen.getByText(/else to the first station/)).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'New station' }));
      const dialog = within(screen.getByRole('dialog', { name: 'New station' }));
      expect(dialog.getByLabelText('Name')).toHaveFocus();
      expect(dialog.getByLabelText('Position')).toHaveValue(2);
      await user.type(dialog.getByLabelText('Target minutes'), '0');
      await user.click(dialog.getByRole('button', { name: 'Create station' }));
      expect(await dialog.findByText('Name cannot be empty')).toBeInTheDocument();
      expect(dialog.getByText('At least 1 minute')).toBeInTheDocument();
      expect(fakeApi.requests.filter((request) => request.startsWith('POST'))).toEqual([]);

      await user.type(dialog.getByLabelText('Name'), 'Bar');
      await user.clear(dialog.getByLabelText('Target minutes'));
      await user.type(dialog.getByLabelText('Target minutes'), '5');
      await user.click(dialog.getByRole('button', { name: 'Create station' }));

      expect(await screen.findByText('Station “Bar” created.')).toBeInTheDocument();
      const post = fakeApi.configs.find((config) => config.method === 'post');
      expect(JSON.parse(post?.data as string)).toEqual({ name: 'Bar', targetMinutes: 5, sortOrder: 2 });
      expect(await screen.findByRole('article', { name: 'Bar' })).toBeInTheDocument();
    },
    journeyTimeout,
  );

  it(
    'edits a station, sending an emptied target as none, and shows the server refusal in the form',
    async () => {
      const user = userEvent.setup();
      let puts = 0;
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/station') return ok([bep, nuong]);
        if (method === 'PUT' && url === `/api/station/${bep._id}`) {
          puts += 1;
          if (puts === 1) return fail(409, 'A station named Nướng already exists');
          return ok({ ...bep, ...(JSON.parse(config.data as string) as Partial<Station>) });
        }
        return fail(404, 'Not found');
      });
      renderStations();

      await user.click(await screen.findByRole('button', { name: 'Edit Bếp' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Edit Bếp' }));
      expect(dialog.getByLabelText('Target minutes')).toHaveValue(12);
      await user.clear(dialog.getByLabelText('Name'));
      await user.type(dialog.getByLabelText('Name'), 'Nướng');
      await user.click(dialog.getByRole('button', { name: 'Save station' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent('A station named Nướng already exists');

      await user.clear(dialog.getByLabelText('Name'));
      await user.type(dialog.getByLabelText('Name'), 'Bếp nóng');
      await user.clear(dialog.getByLabelText('Target minutes'));
      await user.click(dialog.getByRole('button', { name: 'Save station' }));

      expect(await screen.findByText('Station “Bếp nóng” saved.')).toBeInTheDocument();
      const sent = fakeApi.configs.filter((config) => config.method === 'put');
      expect(JSON.parse(sent[1]?.data as string)).toEqual({ name: 'Bếp nóng', targetMinutes: null, sortOrder: 0 });
    },
    journeyTimeout,
  );

  it(
    'deletes a station only after confirmation, saying where its dishes go',
    async () => {
      const user = userEvent.setup();
      fakeApi = installFakeApi(({ method, url }) => {
        if (method === 'GET' && url === '/api/station') return ok([bep, nuong]);
        if (method === 'DELETE') return ok(null);
        return fail(404, 'Not found');
      });
      renderStations();

      await user.click(await screen.findByRole('button', { name: 'Delete Nướng' }));
      const confirm = screen.getByRole('dialog', { name: 'Delete this station?' });
      expect(confirm).toHaveTextContent('Its dishes go to the first station');
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(fakeApi.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'Delete Nướng' }));
      await user.click(screen.getByRole('button', { name: 'Delete station' }));
      expect(await screen.findByText('Station “Nướng” deleted.')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(fakeApi.requests.filter((request) => request.startsWith('DELETE'))).toEqual([
        `DELETE /api/station/${nuong._id}`,
      ]);
    },
    journeyTimeout,
  );
});

describe('StationManagement in Vietnamese', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it(
    'says what goes to each station and opens the form in Vietnamese',
    async () => {
      await activateLanguage('vi', 'staff');
      const user = userEvent.setup();
      const grill = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a02', name: 'Grill', stationId: nuong._id });
      const sides = makeCategory({ _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a03', name: 'Sides', stationId: nuong._id });
      fakeApi = installFakeApi(({ method, url }) => {
        if (method === 'GET' && url === '/api/station') return ok([bep, nuong]);
        if (method === 'GET' && url === '/api/category') return ok([grill, sides]);
        if (method === 'GET' && url === '/api/item') return ok([]);
        return fail(404, 'Not found');
      });
      renderStations();

      expect(screen.getByRole('heading', { name: 'Khu bếp' })).toBeInTheDocument();
      const bepRow = await screen.findByRole('article', { name: 'Bếp' });
      expect(bepRow).toHaveTextContent('Đầu tiên');
      expect(bepRow).toHaveTextContent('Mục tiêu 12 phút');
      expect(await within(bepRow).findByRole('list', { name: 'Những gì chuyển đến Bếp' })).toHaveTextContent(
        'Mọi món chưa được chuyển đến khu bếp nào',
      );
      const nuongRow = screen.getByRole('article', { name: 'Nướng' });
      expect(nuongRow).toHaveTextContent('Không có thời gian mục tiêu');
      expect(within(nuongRow).getByRole('list', { name: 'Những gì chuyển đến Nướng' })).toHaveTextContent(
        'Danh mục: Grill và Sides',
      );
      expect(within(nuongRow).getByRole('link', { name: 'Mở màn hình bếp: Nướng' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Khu bếp mới' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Khu bếp mới' }));
      expect(dialog.getByLabelText('Tên')).toHaveAttribute('placeholder', 'Bếp, Bar…');
      expect(dialog.getByLabelText('Số phút mục tiêu')).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Tạo khu bếp' })).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Hủy bỏ' }));

      await user.click(screen.getByRole('button', { name: 'Xóa Nướng' }));
      expect(screen.getByRole('dialog', { name: 'Xóa khu bếp này?' })).toHaveTextContent(
        'Nướng sẽ biến mất khỏi các màn hình bếp.',
      );
      expect(screen.getByRole('button', { name: 'Xóa khu bếp' })).toBeInTheDocument();
    },
    journeyTimeout,
  );

  it(
    'in a chain, takes a station out of the branch, which sends its dishes to the first station it runs',
    async () => {
      const user = userEvent.setup();
      let stations: Station[] = [bep, nuong];
      const sent: unknown[] = [];
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/station') return ok(stations);
        if (method === 'GET' && url === '/api/category') return ok([]);
        if (method === 'GET' && url === '/api/item') return ok([]);
        if (method === 'PUT' && url === `/api/station/${nuong._id}`) {
          const body = JSON.parse(config.data as string) as Partial<Station>;
          sent.push(body);
          stations = [bep, { ...nuong, ...body }];
          return ok(stations[1]);
        }
        return fail(404, 'Not found');
      });
      renderStations('Quận 3');

      const nuongRow = within(await screen.findByRole('article', { name: 'Nướng' }));
      await user.click(nuongRow.getByRole('checkbox', { name: 'In use at Quận 3' }));

      await waitFor(() => expect(nuongRow.getByRole('checkbox', { name: 'In use at Quận 3' })).not.toBeChecked());
      expect(sent).toEqual([{ inUse: false }]);
      expect(nuongRow.getByText('Quận 3 does not use this station: its dishes there go to Bếp.')).toBeInTheDocument();
      expect(nuongRow.queryByRole('link', { name: /Open its kitchen screen/ })).not.toBeInTheDocument();
    },
    journeyTimeout,
  );

  it(
    'says a station’s refusal even when another station was ticked meanwhile',
    async () => {
      const user = userEvent.setup();
      let stations: Station[] = [bep, nuong];
      fakeApi = installFakeApi(({ method, url, config }) => {
        if (method === 'GET' && url === '/api/station') return ok(stations);
        if (method === 'GET' && (url === '/api/category' || url === '/api/item')) return ok([]);
        // Bếp's change fails on the server (and is tried once more, a second later); Nướng's goes through.
        if (method === 'PUT' && url === `/api/station/${bep._id}`) return fail(500, 'Bếp could not be saved just now');
        if (method === 'PUT' && url === `/api/station/${nuong._id}`) {
          const body = JSON.parse(config.data as string) as Partial<Station>;
          stations = [bep, { ...nuong, ...body }];
          return ok(stations[1]);
        }
        return fail(404, 'Not found');
      });
      renderStations('Quận 3');

      const bepRow = within(await screen.findByRole('article', { name: 'Bếp' }));
      const nuongRow = within(screen.getByRole('article', { name: 'Nướng' }));
      await user.click(bepRow.getByRole('checkbox', { name: 'In use at Quận 3' }));
      // Only the row being saved waits: the other can be ticked at once.
      expect(nuongRow.getByRole('checkbox', { name: 'In use at Quận 3' })).toBeEnabled();
      await user.click(nuongRow.getByRole('checkbox', { name: 'In use at Quận 3' }));

      await waitFor(() => expect(nuongRow.getByRole('checkbox', { name: 'In use at Quận 3' })).not.toBeChecked());
      expect(await screen.findByText('Bếp could not be saved just now')).toBeInTheDocument();
      expect(bepRow.getByRole('checkbox', { name: 'In use at Quận 3' })).toBeChecked();
    },
    journeyTimeout,
  );

  it('in a restaurant of one branch, offers no branch choice', async () => {
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/station') return ok([bep, nuong]);
      if (method === 'GET' && (url === '/api/category' || url === '/api/item')) return ok([]);
      return fail(404, 'Not found');
    });
    renderStations();
    await screen.findByRole('article', { name: 'Nướng' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
