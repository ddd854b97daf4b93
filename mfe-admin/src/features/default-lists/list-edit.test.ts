import { addLookupItem, deleteBlockOf } from './list-edit';

const TYPES = [{ id: 1, name: 'Question' }, { id: 3, name: 'Bug' }];

describe('addLookupItem', () => {
  it('needs an id and a name that are not blank', () => {
    expect(addLookupItem(TYPES, { id: ' ', name: 'X' })).toEqual({ ok: false, problem: null });
    expect(addLookupItem(TYPES, { id: '2', name: '   ' })).toEqual({ ok: false, problem: null });
  });

  it('refuses an id that is taken or not a whole number', () => {
    expect(addLookupItem(TYPES, { id: '3', name: 'X' })).toEqual({ ok: false, problem: { kind: 'id-taken', id: 3 } });
    expect(addLookupItem(TYPES, { id: '2.5', name: 'X' })).toEqual({ ok: false, problem: { kind: 'id-not-whole' } });
  });

  it('adds the trimmed item in id order, with its colour when given', () => {
    expect(addLookupItem(TYPES, { id: ' 2 ', name: ' Chore ', color: 'red' })).toEqual({
      ok: true, items: [{ id: 1, name: 'Question' }, { id: 2, name: 'Chore', color: 'red' }, { id: 3, name: 'Bug' }],
    });
  });
});

describe('deleteBlockOf', () => {
  it('gives the lock reason, then how many use it, else nothing', () => {
    expect(deleteBlockOf('type-defaults', { id: 6, name: 'Meeting' }, {})).toEqual({ kind: 'locked', code: 'meeting' });
    expect(deleteBlockOf('type-defaults', { id: 2, name: 'Chore' }, { 2: 3 })).toEqual({ kind: 'used', count: 3 });
    expect(deleteBlockOf('type-defaults', { id: 2, name: 'Chore' }, { 3: 1 })).toBeNull();
  });
});
