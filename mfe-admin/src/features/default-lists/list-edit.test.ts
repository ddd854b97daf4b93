import { addLookupItem, deleteBlockReason } from './list-edit';

const TYPES = [{ id: 1, name: 'Question' }, { id: 3, name: 'Bug' }];

describe('addLookupItem', () => {
  it('needs an id and a name that are not blank', () => {
    expect(addLookupItem(TYPES, { id: ' ', name: 'X' })).toEqual({ ok: false, problem: null });
    expect(addLookupItem(TYPES, { id: '2', name: '   ' })).toEqual({ ok: false, problem: null });
  });

  it('refuses an id that is taken or not a whole number', () => {
    expect(addLookupItem(TYPES, { id: '3', name: 'X' })).toEqual({ ok: false, problem: 'ID 3 is already in the list.' });
    expect(addLookupItem(TYPES, { id: '2.5', name: 'X' })).toMatchObject({ ok: false });
  });

  it('adds the trimmed item in id order, with its colour when given', () => {
    expect(addLookupItem(TYPES, { id: ' 2 ', name: ' Chore ', color: 'red' })).toEqual({
      ok: true, items: [{ id: 1, name: 'Question' }, { id: 2, name: 'Chore', color: 'red' }, { id: 3, name: 'Bug' }],
    });
  });
});

describe('deleteBlockReason', () => {
  it('gives the lock reason, then how many use it, else nothing', () => {
    expect(deleteBlockReason('type-defaults', { id: 6, name: 'Meeting' }, {})).toBe('Meetings are billed at the meeting rate.');
    expect(deleteBlockReason('type-defaults', { id: 2, name: 'Chore' }, { 2: 3 })).toBe('Cannot delete "Chore": 3 tickets use it.');
    expect(deleteBlockReason('type-defaults', { id: 2, name: 'Chore' }, { 3: 1 })).toBeNull();
  });
});
