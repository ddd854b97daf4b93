import { optionSave, optionValueSchemas } from './option';

describe('option values', () => {
  it('checks priority lists and type assignments', () => {
    expect(optionValueSchemas['priority-defaults'].safeParse([{ id: 1, name: 'Urgent', color: 'red' }]).success).toBe(true);
    expect(optionValueSchemas['priority-defaults'].safeParse([{ name: 'Urgent' }]).success).toBe(false);
    expect(optionValueSchemas.type_assignments.parse({ incident_bug: '4' })).toEqual({ incident_bug: 4 });
    expect(optionValueSchemas.type_assignments.safeParse({ incident_bug: 'nobody' }).success).toBe(false);
  });
});


describe('optionSave', () => {
  it('reads option_value from JSON text or as sent', () => {
    expect(optionSave.parse({ option_name: 'rates', option_value: '{"a":1}' }).option_value).toEqual({ a: 1 });
    expect(optionSave.parse({ option_name: 'rates', option_value: { a: 1 } }).option_value).toEqual({ a: 1 });
    expect(optionSave.safeParse({ option_name: 'rates', option_value: '{bad' }).success).toBe(false);
  });
});
