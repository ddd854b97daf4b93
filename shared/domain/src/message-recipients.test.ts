import { clientRecipientLinks, isMessageAgent, isMessageTicketStatus, recipientProblem, ticketRecipients } from './message-recipients';

describe('message recipients', () => {
  it('takes primary links once per contact and company', () => {
    const links = [
      { contact_id: 1, company_id: 10, primary: 1 },
      { contact_id: 1, company_id: 10, primary: 1 },
      { contact_id: 1, company_id: 11, primary: 1 },
      { contact_id: 2, company_id: 10, primary: 0 },
    ];
    expect(clientRecipientLinks(links)).toEqual([links[0], links[2]]);
  });

  it('groups tickets per owner or agent, never Complete or Cancelled', () => {
    const tickets = [
      { ticket_id: 1, company_id: 10, contact_id: 5, assignee_id: 2, status_id: 2 },
      { ticket_id: 2, company_id: 10, contact_id: 5, assignee_id: 3, status_id: 3 },
      { ticket_id: 3, company_id: 11, contact_id: 6, assignee_id: 2, status_id: 5 },
      { ticket_id: 4, company_id: 11, contact_id: 6, assignee_id: null, status_id: 2 },
    ];
    expect(ticketRecipients(tickets, 'owner', [2, 3, 5])).toEqual([
      { contact_id: 5, company_id: 10, ticket_ids: [1, 2] },
      { contact_id: 6, company_id: 11, ticket_ids: [4] },
    ]);
    expect(ticketRecipients(tickets, 'agent', [2, 5])).toEqual([{ contact_id: 2, company_id: 10, ticket_ids: [1] }]);
    expect(isMessageTicketStatus(5)).toBe(false);
    expect(isMessageTicketStatus(6)).toBe(false);
    expect(isMessageTicketStatus(7)).toBe(true);
  });

  it('says why a contact cannot be mailed', () => {
    expect(recipientProblem({ active: 0, email: 'a@b.test', group_id: 5 })).toBe('Contact no longer active.');
    expect(recipientProblem({ active: 1, email: ' ', group_id: 5 })).toBe('No e-mail address.');
    expect(recipientProblem({ active: 1, email: 'a@b.test', group_id: 5 })).toBeNull();
    expect(recipientProblem(undefined)).toBe('Contact not found.');
    expect(isMessageAgent({ active: 1, email: 'a@b.test', group_id: 3 })).toBe(true);
    expect(isMessageAgent({ active: 0, email: 'a@b.test', group_id: 3 })).toBe(false);
  });
});
