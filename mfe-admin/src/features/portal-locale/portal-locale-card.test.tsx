import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { useSession } from '@portal/session';
import { anAdmin, apiPath, errorAnswer, http, renderWithPortal, type RenderWithPortalOptions } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';
import { PortalLocaleCard } from './portal-locale-card';

/** The card alone (the Defaults tab's six lists are slow to render): its placement has a test of its own. */
const renderCard = (options: Omit<RenderWithPortalOptions, 'viewer'> = {}) => renderWithPortal(<PortalLocaleCard />, { ...options, viewer: anAdmin() });

// The first render of a file pays for loading Chakra and the admin remote on a busy machine.
jest.setTimeout(20_000);

const card = () => screen.findByRole('region', { name: 'Language and currency' });

describe('the language and currency card', () => {
  it('is on the Defaults tab, below the lists', async () => {
    renderAdmin('/admins/settings/defaults');
    expect(await card()).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Status Types' })).toBeInTheDocument();
  });

  it('shows English and US dollars until saved, and saves the choice', async () => {
    const view = renderCard();
    const region = await card();
    const language = await within(region).findByLabelText('Default language');
    const currency = within(region).getByLabelText('Invoice currency');
    expect(language).toHaveValue('en');
    expect(currency).toHaveValue('USD');
    expect(within(language).getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Deutsch']);
    expect(within(currency).getAllByRole('option').map((o) => o.textContent)).toEqual(['US dollar (USD)', 'Euro (EUR)', 'Pound sterling (GBP)']);
    expect(region).toHaveTextContent('Amounts are never converted');

    fireEvent.change(language, { target: { value: 'de' } });
    fireEvent.change(currency, { target: { value: 'EUR' } });
    await act(async () => fireEvent.click(within(region).getByRole('button', { name: 'Save' })));

    expect(await within(region).findByText('Saved.')).toBeInTheDocument();
    expect(view.writes()).toEqual([{ method: 'POST', url: '/api/options', body: { option_name: 'locale', option_value: { language: 'de', currency: 'EUR' } } }]);
    expect(view.api.db.options.find((o) => o.option_name === 'locale')?.option_value).toEqual({ language: 'de', currency: 'EUR' });
    expect(within(region).getByLabelText('Default language')).toHaveValue('de');
    expect(within(region).getByLabelText('Invoice currency')).toHaveValue('EUR');

    // A new change takes the "Saved." away until it is saved.
    fireEvent.change(within(region).getByLabelText('Invoice currency'), { target: { value: 'GBP' } });
    expect(within(region).queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('shows what an admin saved before', async () => {
    renderCard({ api: { options: [{ option_name: 'locale', option_value: { language: 'de', currency: 'GBP' } }] } });
    const region = await card();
    expect(await within(region).findByLabelText('Default language')).toHaveValue('de');
    expect(within(region).getByLabelText('Invoice currency')).toHaveValue('GBP');
  });

  it("shows the server's refusal and keeps the choice", async () => {
    renderCard({ handlers: [http.post(apiPath('/options'), () => errorAnswer(403, MESSAGES.notAuthorized))] });
    const region = await card();
    fireEvent.change(await within(region).findByLabelText('Invoice currency'), { target: { value: 'EUR' } });
    await act(async () => fireEvent.click(within(region).getByRole('button', { name: 'Save' })));

    expect(await within(region).findByRole('alert')).toHaveTextContent(MESSAGES.notAuthorized);
    expect(within(region).queryByText('Saved.')).not.toBeInTheDocument();
    expect(within(region).getByLabelText('Invoice currency')).toHaveValue('EUR');
  });
});

describe('the language and currency card in German', () => {
  beforeEach(async () => {
    act(() => useSession.getState().setLanguage('de'));
    await adminMessages.preload('de');
  });
  afterEach(() => act(() => useSession.getState().setLanguage('en')));

  it('speaks German, the language names each in itself', async () => {
    renderCard();
    const region = await screen.findByRole('region', { name: 'Sprache und Währung' });
    expect(within(region).getByRole('heading', { name: 'Sprache und Währung' })).toBeInTheDocument();
    const language = await within(region).findByLabelText('Standardsprache');
    const currency = within(region).getByLabelText('Rechnungswährung');
    expect(within(language).getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Deutsch']);
    expect(within(currency).getAllByRole('option').map((o) => o.textContent)).toEqual(['US-Dollar (USD)', 'Euro (EUR)', 'Britisches Pfund (GBP)']);
    expect(region).toHaveTextContent('Beträge werden nie umgerechnet');

    await act(async () => fireEvent.click(within(region).getByRole('button', { name: 'Speichern' })));
    expect(await within(region).findByText('Gespeichert.')).toBeInTheDocument();
  });
});
