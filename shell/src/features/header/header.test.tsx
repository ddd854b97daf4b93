import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SESSION_STORAGE_KEY, useSession } from '@portal/session';
import { anAdmin, anAgent, apiPath, errorAnswer, http, HttpResponse } from '@portal/testing';
import { renderShell } from '../../test-support/render-shell';

const admin = anAdmin();
const agent = anAgent();
const calls = (view: ReturnType<typeof renderShell>) => view.requests().map((c) => `${c.method} ${c.url}`);

describe('header', () => {
  it('shows an admin the welcome line, the bell, Dashboard, My Tickets, Invoices and Options', async () => {
    renderShell('/admins', { viewer: admin });

    expect(await screen.findByText('Welcome, Ada Admin!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admins');
    expect(screen.getByRole('link', { name: 'My Tickets' })).toHaveAttribute('href', '/agents/1/tickets');
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/admins/invoices');
    expect(screen.getByRole('link', { name: 'Options' })).toHaveAttribute('href', '/admins/settings/crm/direct');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByText(/©.*All rights reserved/)).toBeInTheDocument();
  });

  it('links every signed-in user to the Security page', async () => {
    renderShell('/agents', { viewer: agent });
    expect(await screen.findByRole('link', { name: 'Security' })).toHaveAttribute('href', '/security');
  });

  it('while the admins wait for a second factor: only Security and Sign Out, and every page goes to /security', async () => {
    const enrolFirst = http.get(apiPath('/auth/me'), () => HttpResponse.json({ contact: admin, dashboard: '/admins', enrol_required: true }));
    // The stored session does not know yet: GET /auth/me tells.
    renderShell('/admins/invoices', { viewer: admin, handlers: [enrolFirst] });

    expect(await screen.findByTestId('where')).toHaveTextContent(/^auth:\/security$/);
    expect(screen.getByRole('link', { name: 'Security' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Invoices' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();

    // Enrolled: the next /auth/me says so, and the portal opens again.
    act(() => useSession.getState().setEnrolRequired(false));
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admins');
  });

  it("on a narrow screen: 'Menu' opens a labelled drawer with the welcome line, the links and Sign Out, and keeps the focus in it", async () => {
    renderShell('/admins', { viewer: admin });
    const menu = await screen.findByRole('button', { name: 'Menu' });
    await act(async () => fireEvent.click(menu));

    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Welcome, Ada Admin!')).toBeInTheDocument();
    expect(within(drawer).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admins'], ['My Tickets', '/agents/1/tickets'], ['Invoices', '/admins/invoices'],
      ['Options', '/admins/settings/crm/direct'], ['Security', '/security'],
    ]);
    expect(within(drawer).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));

    // A link goes there and closes the drawer.
    await act(async () => fireEvent.click(within(drawer).getByRole('link', { name: 'Invoices' })));
    expect(await screen.findByTestId('where')).toHaveTextContent(/:\/admins\/invoices$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it("lists only Security and Sign Out in the narrow screen's menu while the admins wait for a second factor", async () => {
    const enrolFirst = http.get(apiPath('/auth/me'), () => HttpResponse.json({ contact: admin, dashboard: '/admins', enrol_required: true }));
    renderShell('/security', { viewer: admin, handlers: [enrolFirst] });
    await waitFor(() => expect(useSession.getState().enrolRequired).toBe(true));
    const menu = await screen.findByRole('button', { name: 'Menu' });
    await act(async () => fireEvent.click(menu));

    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getAllByRole('link').map((link) => link.textContent)).toEqual(['Security']);
    expect(within(drawer).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('shows an agent no admin buttons', async () => {
    renderShell('/agents', { viewer: agent });

    expect(await screen.findByText('Welcome, Alan Agent!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/agents');
    expect(screen.queryByRole('link', { name: 'My Tickets' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Options' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Invoices' })).toBeNull();
  });

  it('shows no header to a signed-out visitor', async () => {
    renderShell('/login');
    expect(await screen.findByTestId('where')).toHaveTextContent('auth:/login');
    expect(screen.queryByText(/Welcome,/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it('signs out: ends the server session, clears storage and goes to /login', async () => {
    const view = renderShell('/agents/8/tickets', { viewer: agent });
    useSession.getState().setFilter('tickets', { status: 2 });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('agent@demo.test');

    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' })));

    expect(await screen.findByTestId('where')).toHaveTextContent(/^auth:\/login$/);
    expect(calls(view)).toContain('POST /api/auth/logout');
    expect(useSession.getState()).toMatchObject({ isLoggedIn: false, contact: null, filters: {} });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.queryByText(/Welcome,/)).toBeNull();
  });

  it('confirms a stored session with /auth/me and drops it on 401', async () => {
    const view = renderShell('/agents', { viewer: agent, handlers: [http.get(apiPath('/auth/me'), () => errorAnswer(401, 'Please sign in.'))] });

    await waitFor(() => expect(useSession.getState().isLoggedIn).toBe(false));
    expect(calls(view)).toContain('GET /api/auth/me');
    expect(await screen.findByTestId('where')).toHaveTextContent('auth:/login?redirect=%2Fagents');
  });
});
