import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings, type Settings } from '@quan/contract/settings';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { RestaurantSettingsForm } from './RestaurantSettingsForm';

/** A server keeping the restaurant's settings, and the bodies of the saves it was sent. */
function serveSettings(initial: Settings) {
  let settings = initial;
  const puts: Partial<Settings>[] = [];
  const api = installFakeApi(({ method, url, config }) => {
    if (url !== '/api/settings') return fail(404, 'Not found');
    if (method === 'PUT') {
      const body = JSON.parse(config.data as string) as Partial<Settings>;
      puts.push(body);
      settings = { ...settings, ...body };
    }
    return ok(settings);
  });
  return { api, puts };
}

function renderForm() {
  storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
  renderRoutes([{ path: '/', element: <RestaurantSettingsForm onLanguageChanged={() => {}} /> }], { path: '/' });
  return within(screen.getByRole('region', { name: /Restaurant settings|Cài đặt quán/ }));
}

describe('RestaurantSettingsForm: VAT', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof serveSettings> | undefined;
  afterEach(() => server?.api.restore());

  it("sends the default VAT rate and the service charge's own rate, or the default for it again", async () => {
    const user = userEvent.setup();
    server = serveSettings({ ...defaultSettings, taxRate: 8, serviceVatRate: null });
    const form = renderForm();

    const defaultRate = await form.findByLabelText('Default VAT rate');
    const serviceRate = form.getByLabelText('VAT on the service charge');
    expect(defaultRate).toHaveValue('8');
    expect(serviceRate).toHaveValue('');
    // The default rate is always a rate; only the service charge may follow it.
    expect(
      within(defaultRate)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['0%', '5%', '8%', '10%', 'Not subject to VAT (KCT)']);
    expect(within(serviceRate).getAllByRole('option')[0]).toHaveTextContent('The default rate (8%)');

    await user.selectOptions(defaultRate, '10%');
    // It names the default as chosen, before it is saved.
    expect(within(serviceRate).getAllByRole('option')[0]).toHaveTextContent('The default rate (10%)');
    await user.selectOptions(serviceRate, '8%');
    await user.click(form.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Restaurant settings saved.')).toBeInTheDocument();
    expect(server.puts.at(-1)).toMatchObject({ taxRate: 10, serviceVatRate: 8 });

    await user.selectOptions(serviceRate, 'The default rate (10%)');
    await user.selectOptions(defaultRate, 'Not subject to VAT (KCT)');
    await user.click(form.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server!.puts).toHaveLength(2));
    expect(server.puts.at(-1)).toMatchObject({ taxRate: 'KCT', serviceVatRate: null });
  });

  it('speaks Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    server = serveSettings({ ...defaultSettings, taxRate: 10, serviceVatRate: 8 });
    const form = renderForm();

    expect(await form.findByLabelText('Thuế suất VAT mặc định')).toHaveDisplayValue('10%');
    const serviceRate = form.getByLabelText('VAT của phí phục vụ');
    expect(serviceRate).toHaveDisplayValue('8%');
    expect(within(serviceRate).getByRole('option', { name: 'Theo thuế suất mặc định (10%)' })).toBeInTheDocument();
    expect(within(serviceRate).getByRole('option', { name: 'Không chịu thuế (KCT)' })).toBeInTheDocument();
  });
});
