import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '@portal/api-client';

/**
 * A notification names its ticket but not the company the ticket page lives under
 * (/clients/{company_id}/tickets/{ticket_id}), so the ticket is looked up first.
 */
export function useOpenTicket() {
  const client = useApiClient();
  const navigate = useNavigate();
  return useCallback(
    async (ticketId: number) => {
      const ticket = await client.tickets.get(ticketId);
      navigate(`/clients/${ticket.company_id}/tickets/${ticket.ticket_id}`);
    },
    [client, navigate],
  );
}
