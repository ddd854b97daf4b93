import { filtersOff, hiddenByFiltersText, offKanbanText, taggedOnlyText } from './list-filters';

describe('what the filters hide', () => {
  it('says how many of how many are shown while the filters hide some, and nothing when they hide none', () => {
    expect(hiddenByFiltersText(3, 6)).toBe('3 of 6 shown: filters on');
    expect(hiddenByFiltersText(0, 2)).toBe('0 of 2 shown: filters on');
    expect(hiddenByFiltersText(6, 6)).toBeNull();
    expect(hiddenByFiltersText(40, null)).toBe('40 shown: filters on');
  });

  it('turns every filter off for the list, and only Maintenance Only for the kanban', () => {
    expect(filtersOff('list', [1, 2, 3, 4, 7, 8])).toEqual({ maintenanceOnly: false, statusFilters: [1, 2, 3, 4, 7, 8] });
    expect(filtersOff('kanban', [1, 2])).toEqual({ maintenanceOnly: false });
  });

  it('names the tickets the kanban never shows', () => {
    expect(offKanbanText(0)).toBeNull();
    expect(offKanbanText(1)).toBe('1 ticket is not on the kanban: its company is not Active.');
    expect(offKanbanText(3)).toBe('3 tickets are not on the kanban: their company is not Active.');
  });
});

describe('the tag filter, said', () => {
  it('names the tags asked for, and nothing without one', () => {
    expect(taggedOnlyText(['vip'])).toBe('Only tickets tagged vip: tag filter on');
    expect(taggedOnlyText(['vip', 'web hosting'])).toBe('Only tickets tagged vip, web hosting: tag filter on');
    expect(taggedOnlyText([])).toBeNull();
  });
});
