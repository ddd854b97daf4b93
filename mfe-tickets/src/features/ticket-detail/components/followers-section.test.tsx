import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Contact } from '@portal/contract';
import { aClient, aContact, anAdmin, anAgent, aTicketDetail, createMockApi } from '@portal/testing';
import { viewerOf } from '@portal/session';
import { renderRemote } from '../../../test-support/render-remote';
import { FollowersSection } from './followers-section';

// The Followers section of the ticket screen (docs/product/tickets.md#followers-and-cc), against the mock API's rules.

const ticket = aTicketDetail();
const colleague = aContact({ contact_id: 32, first_name: 'Dana', last_name: 'Doe', email: 'dana@acme.test', companies: [{ company_id: ticket.company_id, name: 'Acme, LLC', title: null, primary: 0 }] });
const seed = () => ({
  contacts: [anAdmin(), anAgent(), aClient(), colleague],
  tickets: [ticket],
  ccAddresses: [{ id: 1, ticket_id: ticket.ticket_id, address: 'new.person@acme.test', date_first_seen: '2026-11-20T10:00:00.000Z' }],
});

function open(viewer: Contact, api = createMockApi(seed())) {
  renderRemote(<FollowersSection ticket={ticket} viewer={viewerOf({ isLoggedIn: true, contact: viewer })!} />, { viewer, api });
  return api;
}
const section = () => screen.getByRole('group', { name: 'Followers' });

describe('the Followers section', () => {
  it('lets the requester add a contact of the company and follow, and shows no Cc addresses to a client', async () => {
    const api = open(aClient());
    const followers = await screen.findByRole('group', { name: 'Followers' });
    expect(within(followers).getByText('No followers yet.')).toBeInTheDocument();
    const choose = within(followers).getByRole('combobox', { name: 'Person to add as a follower' });
    expect(within(choose).queryByRole('option', { name: /Ada Admin|Alan Agent/ })).toBeNull();
    expect(within(choose).queryByRole('option', { name: 'Cora Client' })).toBeNull();

    fireEvent.change(choose, { target: { value: String(colleague.contact_id) } });
    await act(async () => fireEvent.click(within(followers).getByRole('button', { name: 'Add follower' })));
    await waitFor(() => expect(within(section()).getByText('Dana Doe')).toBeInTheDocument());
    expect(within(section()).queryByRole('button', { name: 'Remove Dana Doe' })).toBeNull();

    await act(async () => fireEvent.click(within(section()).getByRole('button', { name: 'Follow' })));
    await waitFor(() => expect(within(section()).getByRole('button', { name: 'Unfollow' })).toBeInTheDocument());
    expect(api.db.followers.map((f) => f.contact_id)).toEqual([colleague.contact_id, aClient().contact_id]);
    expect(screen.queryByText('Cc addresses not yet invited')).toBeNull();
  });

  it('lets staff remove a follower and dismiss an address seen in Cc, with a link to invite them', async () => {
    const api = createMockApi({ ...seed(), followers: [{ ticket_id: ticket.ticket_id, contact_id: 32, name: 'Dana Doe', staff: false, date_added: '2026-11-20T10:00:00.000Z' }] });
    open(anAgent(), api);
    const cc = await screen.findByRole('group', { name: 'Cc addresses not yet invited' });
    expect(within(cc).getByText('new.person@acme.test')).toBeInTheDocument();
    expect(within(cc).getByRole('link', { name: /contacts page/ })).toHaveAttribute('href', `/clients/${ticket.company_id}/contacts`);

    await act(async () => fireEvent.click(within(cc).getByRole('button', { name: /Dismiss/ })));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Cc addresses not yet invited' })).toBeNull());
    expect(api.db.ccAddresses).toEqual([]);

    await act(async () => fireEvent.click(within(section()).getByRole('button', { name: 'Remove Dana Doe' })));
    await waitFor(() => expect(within(section()).getByText('No followers yet.')).toBeInTheDocument());
    const choose = within(section()).getByRole('combobox', { name: 'Person to add as a follower' });
    expect(within(choose).getByRole('option', { name: 'Ada Admin (staff)' })).toBeInTheDocument();
    expect(within(choose).getByRole('option', { name: 'Dana Doe' })).toBeInTheDocument();
  });
});
