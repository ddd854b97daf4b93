import { contact, contactUpdate, listPrefs, notePrefsUpdate, sendActivity, sendMail } from './contact';

const someContact = {
  contact_id: 7, title: null, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', phone: null,
  group_id: 5, company_id: 3, companies: [{ company_id: 3, name: 'Acme, LLC', title: 'Owner', primary: 1 }], meta: [],
};

describe('contact', () => {
  it('drops a password or its hash from anything it parses, so no answer can carry one', () => {
    const parsed = contact.parse({ ...someContact, password: 'secret', password_hash: 'scrypt$…' });
    expect(parsed).toEqual(someContact);
    expect(JSON.stringify(parsed)).not.toMatch(/password/);
  });

  it('refuses a contact without its group', () => {
    const { group_id: _omitted, ...withoutGroup } = someContact;
    expect(contact.safeParse(withoutGroup).success).toBe(false);
  });
});


describe('contactUpdate', () => {
  it('accepts any subset of the editable fields', () => {
    expect(contactUpdate.parse({ phone: '555-123-4567' })).toEqual({ phone: '555-123-4567' });
  });

  it('refuses a password shorter than 8 characters and a malformed e-mail', () => {
    expect(contactUpdate.safeParse({ password: 'short' }).success).toBe(false);
    expect(contactUpdate.safeParse({ email: 'not-an-email' }).success).toBe(false);
  });
});


describe('contact requests read as the route needs them', () => {
  it('reads note_prefs from its JSON text and refuses anything else', () => {
    const meta_value = JSON.stringify({ sendHourly: true, sendDaily: false, sendWeekly: false });
    expect(notePrefsUpdate.parse({ meta_key: 'note_prefs', meta_value }).meta_value).toEqual({ sendHourly: true, sendDaily: false, sendWeekly: false });
    expect(notePrefsUpdate.safeParse({ meta_key: 'note_prefs', meta_value: '{bad' }).success).toBe(false);
    expect(notePrefsUpdate.safeParse({ meta_key: 'note_prefs', meta_value: '{"sendHourly":true}' }).success).toBe(false);
  });

  it('reads an activity mail as its trimmed note and ticket, and needs a note', () => {
    expect(sendActivity.parse({ activity: ' Hi ' }).activity).toEqual({ note: 'Hi', ticket_id: null });
    expect(sendActivity.parse({ activity: { note: 'Done', ticket_id: '12', extra: 1 } }).activity).toEqual({ note: 'Done', ticket_id: 12 });
    expect(sendActivity.safeParse({ activity: { note: '  ' } }).success).toBe(false);
    expect(sendMail.safeParse({ subject: ' ', message: 'x' }).success).toBe(false);
  });

  it('keeps each list-preference status once', () => {
    expect(listPrefs.parse({ sortBy: 'company', direction: 'ASC', statusFilters: [2, 2, 3], maintenanceOnly: false }).statusFilters).toEqual([2, 3]);
  });
});
