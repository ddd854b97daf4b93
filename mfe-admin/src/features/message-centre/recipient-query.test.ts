import { MESSAGES } from '@portal/domain';
import { NO_FILTERS, recipientsQueryFor, toggle } from './recipient-query';

describe('recipientsQueryFor', () => {
  it("sends only the chosen kind's filters", () => {
    expect(recipientsQueryFor({ ...NO_FILTERS, modeIds: [1], groupIds: [2] })).toEqual({
      query: { kind: 'clients', mode_ids: [1], service_ids: [], company_ids: [] },
    });
    expect(recipientsQueryFor({ ...NO_FILTERS, kind: 'agents', modeIds: [1] })).toEqual({ query: { kind: 'agents' } });
  });

  it('needs a contact type and a status other than 5 and 6 for tickets', () => {
    const tickets = { ...NO_FILTERS, kind: 'tickets' as const };
    expect(recipientsQueryFor({ ...tickets, statusIds: [1] })).toEqual({ problem: MESSAGES.chooseContactTypeAndStatus });
    expect(recipientsQueryFor({ ...tickets, contactType: 'owner', statusIds: [5, 6] })).toEqual({ problem: MESSAGES.chooseContactTypeAndStatus });
    expect(recipientsQueryFor({ ...tickets, contactType: 'agent', statusIds: [2, 5] })).toEqual({
      query: { kind: 'tickets', contact_type: 'agent', status_ids: [2] },
    });
  });

  it('toggles ids', () => {
    expect(toggle([1, 2], 2)).toEqual([1]);
    expect(toggle([1], 3)).toEqual([1, 3]);
  });
});
