import { matchRoute } from './route-match';

describe('matchRoute', () => {
  it('matches a route whose ids are whole numbers, and answers them', () => {
    expect(matchRoute('/clients/:companyId/tickets/:ticketId', '/clients/1/tickets/9')).toEqual({ companyId: '1', ticketId: '9' });
    expect(matchRoute('/agents', '/agents/')).toEqual({});
    expect(matchRoute('/clients/:companyId', '/clients/3?tab=x#top')).toEqual({ companyId: '3' });
  });

  it.each(['/clients/0', '/clients/x', '/clients/1/info', '/clients', '/clients/-1', '/clients/1e3', '/clients/99999999999'])('does not match %s', (other) => {
    expect(matchRoute('/clients/:companyId', other)).toBeUndefined();
  });
});
