import {
  assigneeForType, creationDefaults, isMissingValue, parseTypeAssignments, readTypeAssignmentsInput, typeAssignmentKey, validateNewTicket,
} from './ticket-creation';

const now = new Date('2026-05-04T12:00:00.000Z');

describe('type assignments', () => {
  it('keys types by their slug', () => {
    expect(typeAssignmentKey('Incident/Bug')).toBe('incident_bug');
    expect(typeAssignmentKey('Content Update')).toBe('content_update');
  });

  it('parses stored maps, dropping unusable entries', () => {
    expect(parseTypeAssignments('{"question":"3","meeting":4,"bad":"x","zero":0}')).toEqual({ question: 3, meeting: 4 });
    expect(parseTypeAssignments({ incident_bug: 2 })).toEqual({ incident_bug: 2 });
    expect(parseTypeAssignments('not json')).toEqual({});
    expect(parseTypeAssignments('[1,2]')).toEqual({});
    expect(parseTypeAssignments(null)).toEqual({});
  });

  it('takes a saved map only when every key is a type key and every value a contact id', () => {
    const types = ['Question', 'Incident/Bug'];
    expect(readTypeAssignmentsInput('{"question":"3","incident_bug":4}', types)).toEqual({ question: 3, incident_bug: 4 });
    expect(readTypeAssignmentsInput('{}', types)).toEqual({});
    expect(readTypeAssignmentsInput('{"Question":3}', types)).toBeNull();
    expect(readTypeAssignmentsInput('{"meeting":3}', types)).toBeNull();
    expect(readTypeAssignmentsInput('{"question":0}', types)).toBeNull();
    expect(readTypeAssignmentsInput('{"question":"x"}', types)).toBeNull();
    expect(readTypeAssignmentsInput('[3]', types)).toBeNull();
    expect(readTypeAssignmentsInput('not json', types)).toBeNull();
  });

  it("prefers the company's entry over the global one", () => {
    const global = { question: 2, meeting: 4 };
    const company = { question: 9 };
    expect(assigneeForType('Question', company, global)).toBe(9);
    expect(assigneeForType('Meeting', company, global)).toBe(4);
    expect(assigneeForType('New Development', company, global)).toBeNull();
  });
});

describe('creationDefaults', () => {
  const base = { companyAssignments: {}, globalAssignments: { incident_bug: 3 }, defaultAssigneeId: 1, now };

  it('assigns an unmapped type to the default agent as an assignment does: status 2, stamped', () => {
    expect(creationDefaults({ ...base, typeName: 'Question' })).toEqual({ status_id: 2, assignee_id: 1, date_assigned: now.toISOString() });
  });

  it('leaves the ticket in Backlog without an assignee when neither a map entry nor a default agent applies', () => {
    expect(creationDefaults({ ...base, defaultAssigneeId: null, typeName: 'Question' })).toEqual({ status_id: 1, assignee_id: null, date_assigned: null });
  });

  it('is status 2 with the mapped agent, stamped as assigned', () => {
    expect(creationDefaults({ ...base, typeName: 'Incident/Bug' })).toEqual({ status_id: 2, assignee_id: 3, date_assigned: now.toISOString() });
  });

  it('uses the company map first', () => {
    expect(creationDefaults({ ...base, companyAssignments: { incident_bug: 8 }, typeName: 'Incident/Bug' }).assignee_id).toBe(8);
  });
});

describe('validateNewTicket', () => {
  const valid = { type_id: '3', title: ' Broken form ', description: 'It fails', priority_id: 2, company_id: '4', estimate_required: '0', date_due: 'null' };

  it('accepts a complete form and normalises its values', () => {
    expect(validateNewTicket(valid)).toEqual({
      ok: true,
      value: { type_id: 3, title: 'Broken form', description: 'It fails', priority_id: 2, company_id: 4, estimate_required: 0, date_due: null },
    });
  });

  it('keeps a given due date as an ISO timestamp', () => {
    const result = validateNewTicket({ ...valid, date_due: '2026-06-01T20:00:00.000Z' });
    expect(result.ok && result.value.date_due).toBe('2026-06-01T20:00:00.000Z');
  });

  it('names every missing field with its label', () => {
    const result = validateNewTicket({ type_id: 'null', title: '', description: '   ', priority_id: null, estimate_required: undefined });
    expect(result).toEqual({
      ok: false,
      message: 'The Type field is required.',
      errors: {
        type_id: 'The Type field is required.',
        title: 'The Title field is required.',
        description: 'The Description field is required.',
        priority_id: 'The Priority field is required.',
        company_id: 'The Company field is required.',
        estimate_required: 'The Estimate Required field is required.',
      },
    });
  });

  it('answers Invalid input. for values that are present but unusable', () => {
    const result = validateNewTicket({ ...valid, type_id: 'abc', estimate_required: 'maybe', date_due: 'soon' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual({ type_id: 'Invalid input.', estimate_required: 'Invalid input.', date_due: 'Invalid input.' });
    }
  });

  it("treats missing, empty and 'null' alike", () => {
    expect([undefined, null, '', ' ', 'null', 0, 'x'].map(isMissingValue)).toEqual([true, true, true, true, true, false, false]);
  });
});
