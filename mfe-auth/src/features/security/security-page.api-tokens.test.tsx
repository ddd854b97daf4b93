import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aClient, anAgent, createMockApi, renderWithPortal } from '@portal/testing';
import { RemoteRoutes } from '../../routes';

// The Security page's API tokens (docs/product/integrations.md#api-tokens), against the mock API.
beforeAll(() => import('./security-page'), 30_000);

const client = aClient();
const agent = anAgent();
const listedToken = {
  id: 7, name: 'Uptime monitor', access: 'write' as const, company_id: null, company_name: null, date_created: '2026-11-01T09:00:00.000Z',
  expires_at: null, last_used_at: '2026-12-01T10:00:00.000Z', last_used_address: '203.0.113.9', contact_id: client.contact_id,
};

function renderTokens(viewer = client, apiTokens = [listedToken]) {
  const api = createMockApi({ apiTokens });
  const view = renderWithPortal(<RemoteRoutes />, { route: '/security', viewer, api, stops: ['agents', 'clients'] });
  const sent = (method: string, url: string) => view.requests().filter((r) => r.method === method && r.url === `/api${url}`).map((r) => r.body);
  return { ...view, api, sent };
}

const section = () => screen.findByRole('region', { name: 'API tokens' });
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));

describe('Security page: API tokens', () => {
  it('lists the tokens with access, company, last use and expiry', async () => {
    renderTokens();
    const tokens = await section();
    const row = await within(tokens).findByRole('row', { name: 'Uptime monitor' });
    expect(within(row).getByText('Read and write')).toBeInTheDocument();
    expect(within(row).getByText('Every company')).toBeInTheDocument();
    expect(within(row).getByText('from 203.0.113.9')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
  });

  it('creates a token and shows it once with Copy', async () => {
    const { sent } = renderTokens(client, []);
    const tokens = await section();
    expect(await within(tokens).findByText('No API tokens yet.')).toBeInTheDocument();
    await click(within(tokens).getByRole('button', { name: 'Create token' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create token' });
    expect(within(dialog).queryByLabelText('Company')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Nightly report' } });
    fireEvent.change(within(dialog).getByLabelText('Expires'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText('Access'), { target: { value: 'read' } });
    await click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new token' });
    expect(within(shown).getByText('This token is shown once. Copy it now.')).toBeInTheDocument();
    expect((within(shown).getByLabelText('New token') as HTMLInputElement).value).toMatch(/^pat_/);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(sent('POST', '/account/api-tokens')).toEqual([expect.objectContaining({ name: 'Nightly report', access: 'read', company_id: null, expires_at: expect.any(String) })]);

    await click(within(shown).getByRole('button', { name: 'Done' }));
    expect(await within(tokens).findByRole('row', { name: 'Nightly report' })).toBeInTheDocument();
  });

  it('refuses a blank name with its message and sends nothing', async () => {
    const { sent } = renderTokens(client, []);
    await click(within(await section()).getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create token' });
    await click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give the token a name.');
    expect(sent('POST', '/account/api-tokens')).toEqual([]);
  });

  it('offers staff a company to limit the token to', async () => {
    renderTokens(agent, []);
    await click(within(await section()).getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create token' });
    const company = within(dialog).getByLabelText('Company');
    await waitFor(() => expect(within(company).getAllByRole('option').length).toBeGreaterThan(1));
    expect(within(company).getByRole('option', { name: 'Every company' })).toBeInTheDocument();
  });

  it('revokes a token after a confirmation', async () => {
    const { sent } = renderTokens();
    const tokens = await section();
    await click(await within(tokens).findByRole('button', { name: 'Revoke Uptime monitor' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke token' });
    await click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(tokens).queryByRole('row', { name: 'Uptime monitor' })).toBeNull());
    expect(sent('DELETE', '/account/api-tokens/7')).toHaveLength(1);
  });
});
