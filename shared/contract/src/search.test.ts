import { searchRequest } from './search';

describe('searchRequest', () => {
  it('defaults to no conditions joined by AND', () => {
    expect(searchRequest.parse({})).toEqual({ filter: { conditions: [], joiner: 'AND' } });
  });
});

describe('searchRequest orderBy', () => {
  it("reads 'field direction' text as the object form", () => {
    expect(searchRequest.parse({ orderBy: 'date_due DESC' }).orderBy).toEqual({ field: 'date_due', direction: 'desc' });
    expect(searchRequest.parse({ orderBy: 'title' }).orderBy).toEqual({ field: 'title', direction: 'asc' });
    expect(searchRequest.safeParse({ orderBy: 'title sideways' }).success).toBe(false);
  });
});
