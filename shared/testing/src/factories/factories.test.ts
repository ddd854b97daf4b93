import { aClient, aListedTicket, anAdmin, aTicket, aTicketSummary } from '../index';

describe('factories', () => {
  it('build the demo world with overrides', () => {
    expect(aTicket({ status_id: 4 })).toMatchObject({ ticket_id: 12, status_id: 4, company_id: 4 });
    expect(anAdmin().group_id).toBe(1);
    expect(aClient().companies).toEqual([{ company_id: 4, name: 'Acme, LLC', title: null, primary: 1 }]);
  });

  it('number list rows apart and drop what the list does not carry', () => {
    const [first, second] = [aTicketSummary(), aListedTicket()];
    expect(first.ticket_id).not.toBe(second.ticket_id);
    expect(first).not.toHaveProperty('description');
  });

  it('fail loudly on a fixture the contract refuses', () => {
    expect(() => aTicket({ on_hold: 2 as 0 })).toThrow();
  });
});
