import { render, screen, within } from '@testing-library/react';
import { PortalProvider } from '@portal/ui';
import { aTicketDetail } from '@portal/testing';
import { StatusButtons } from './status-buttons';

const clientViewer = { contactId: 31, groupId: 5, companyIds: [4], primaryCompanyIds: [4] };

function buttonsFor(statusId: number): string[] {
  const view = render(
    <PortalProvider>
      <StatusButtons ticket={aTicketDetail({ status_id: statusId })} viewer={clientViewer} onChange={async () => true} />
    </PortalProvider>,
  );
  const group = screen.queryByRole('group', { name: 'Status actions' });
  const labels = group ? within(group).getAllByRole('button').map((b) => b.textContent ?? '') : [];
  view.unmount();
  return labels;
}

describe('status buttons for a client on its own ticket', () => {
  it.each([1, 2, 3, 4])('offers Cancel Ticket at status %i', (statusId) => {
    expect(buttonsFor(statusId)).toContain('Cancel Ticket');
  });

  it('offers Reopen Ticket on a completed ticket', () => {
    expect(buttonsFor(5)).toEqual(['Reopen Ticket']);
  });

  it('offers nothing on a cancelled ticket', () => {
    expect(buttonsFor(6)).toEqual([]);
  });
});
