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
  it('gives the lock reason, then the use count, else nothing', () => {
    const usage = { 1: { count: 4, locked: 'The rules depend on it.' }, 2: { count: 3, locked: null }, 3: { count: 0, locked: null } };
    expect(deleteBlockReason(1, usage)).toBe('The rules depend on it.');
    expect(deleteBlockReason(2, usage)).toBe('Used by 3');
    expect(deleteBlockReason(3, usage)).toBeNull();
    expect(deleteBlockReason(9, usage)).toBeNull();
  });
});
