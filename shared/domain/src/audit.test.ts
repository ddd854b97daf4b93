import {
  AUDIT_ACTION_NAMES, AUDIT_SECRET_VALUE, AUDIT_VALUE_MAX_LENGTH, auditActionLabel, auditChanges, auditEntityOf, auditSnapshot,
} from './audit';

describe('auditChanges', () => {
  it('lists only the fields whose value changed, with both values', () => {
    const before = { title: 'Broken form', status_id: 1, assignee_id: null, description: 'x' };
    expect(auditChanges(before, { title: 'Broken form', status_id: 3, assignee_id: 7 })).toEqual([
      { field: 'status_id', before: 1, after: 3 },
      { field: 'assignee_id', before: null, after: 7 },
    ]);
  });

  it('ignores fields the change does not name and treats undefined as not named', () => {
    expect(auditChanges({ a: 1, b: 2 }, { b: undefined })).toEqual([]);
  });

  it('records that a secret changed without its value', () => {
    expect(auditChanges({ password_hash: 'old' }, { password_hash: 'new' })).toEqual([
      { field: 'password_hash', before: AUDIT_SECRET_VALUE, after: AUDIT_SECRET_VALUE },
    ]);
  });

  it('keeps structured values as JSON and cuts long texts', () => {
    const [services] = auditChanges({ services: [1] }, { services: [1, 2] });
    expect(services).toEqual({ field: 'services', before: '[1]', after: '[1,2]' });
    const [long] = auditChanges({ description: '' }, { description: 'a'.repeat(AUDIT_VALUE_MAX_LENGTH + 10) });
    expect(String(long!.after)).toHaveLength(AUDIT_VALUE_MAX_LENGTH + 1);
  });

  it('leaves out the bookkeeping date every write touches', () => {
    expect(auditChanges({ date_updated: 'a', title: 'x' }, { date_updated: 'b', title: 'x' })).toEqual([]);
    expect(auditSnapshot({ date_updated: 'b', title: 'x' }, 'created')).toEqual([{ field: 'title', before: null, after: 'x' }]);
  });

  it('treats a null and an absent before value alike', () => {
    expect(auditChanges(null, { note: 'hello', gone: null })).toEqual([{ field: 'note', before: null, after: 'hello' }]);
  });
});

describe('auditSnapshot', () => {
  it('records the named, non-empty fields of a created or deleted record', () => {
    expect(auditSnapshot({ name: 'Acme', url: '', note: null, mode: 1 }, 'created')).toEqual([
      { field: 'name', before: null, after: 'Acme' },
      { field: 'mode', before: null, after: 1 },
    ]);
    expect(auditSnapshot({ name: 'Acme' }, 'deleted')).toEqual([{ field: 'name', before: 'Acme', after: null }]);
  });
});

describe('actions', () => {
  it('names each action after its entity and gives it a label', () => {
    expect(auditEntityOf('ticket.updated')).toBe('ticket');
    expect(auditEntityOf('session.sign_in_failed')).toBe('session');
    expect(auditActionLabel('invoice.issued')).toBe('Invoice issued');
    expect(auditActionLabel('unknown.thing')).toBe('unknown.thing');
    for (const action of AUDIT_ACTION_NAMES) expect(auditActionLabel(action)).not.toBe(action);
  });
});
