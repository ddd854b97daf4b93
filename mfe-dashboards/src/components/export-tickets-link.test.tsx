import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { aListedTicket, anAdmin, type PortalData } from '@portal/testing';
import { renderRemote } from '../test-support/render-remote';

// The staff list's "Export CSV" (docs/product/integrations.md#exports): a link to the export carrying the list's filters.

const staffPortal = (): Partial<PortalData> => ({
  tickets: [aListedTicket({ title: 'Opening hours', status_id: 2, assignee_id: 8, tags: ['billing'] })],
  listPrefs: { 1: { sortBy: 'priorityId', direction: 'DESC', statusFilters: [2], maintenanceOnly: true } },
});

const exportParams = () => {
  const link = screen.getByRole('link', { name: 'Export CSV' });
  const url = new URL(link.getAttribute('href')!, 'http://x');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams), download: link.hasAttribute('download') };
};

describe('Export CSV on the staff list', () => {
  it('links to the ticket export with the saved status filters and Maintenance Only, and follows a change of them', async () => {
    renderRemote('/admins', { viewer: anAdmin(), api: staffPortal() });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'List' })));
    await screen.findByRole('link', { name: 'Export CSV' });
    expect(exportParams()).toEqual({ path: expect.stringMatching(/\/api\/exports\/tickets\.csv$/), query: { statuses: '2', maintenance_only: '1' }, download: true });

    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'In Progress' })));
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Maintenance Only' })));
    await waitFor(() => expect(exportParams().query).toEqual({ statuses: '2,3', maintenance_only: '0' }));
  });

  it('carries the Tag filter of the address', async () => {
    renderRemote('/admins?tag=billing', { viewer: anAdmin(), api: staffPortal() });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'List' })));
    await screen.findByRole('link', { name: 'Export CSV' });
    expect(exportParams().query).toEqual({ statuses: '2', maintenance_only: '1', tag: 'billing' });
  });

  it('is not on the kanban', async () => {
    renderRemote('/admins', { viewer: anAdmin(), api: staffPortal() });
    await screen.findByRole('button', { name: 'Kanban' });
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });
});
