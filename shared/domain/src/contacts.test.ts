import {
  contactFormProblem, contactFormProblems, formatPhoneInput, isValidEmail, isValidPhone, leavesNoPrimaryContact, missingContactFieldsMessage,
} from './contacts';

describe('phone', () => {
  it('strips non-digits and inserts dashes while typing, up to 10 digits', () => {
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput('55')).toBe('55');
    expect(formatPhoneInput('555')).toBe('555');
    expect(formatPhoneInput('5551')).toBe('555-1');
    expect(formatPhoneInput('555123')).toBe('555-123');
    expect(formatPhoneInput('5551234')).toBe('555-123-4');
    expect(formatPhoneInput('(555) 123-4567')).toBe('555-123-4567');
    expect(formatPhoneInput('555.123.456789')).toBe('555-123-4567');
    expect(formatPhoneInput('abc')).toBe('');
  });

  it('is valid only as ddd-ddd-dddd', () => {
    expect(isValidPhone('555-123-4567')).toBe(true);
    expect(isValidPhone('5551234567')).toBe(false);
    expect(isValidPhone('555-123-456')).toBe(false);
    expect(isValidPhone(' 555-123-4567')).toBe(false);
  });
});

describe('email', () => {
  it('matches a basic pattern', () => {
    expect(isValidEmail('ann@acme.test')).toBe(true);
    expect(isValidEmail(' ann@acme.test ')).toBe(true);
    expect(isValidEmail('ann@acme')).toBe(false);
    expect(isValidEmail('ann acme.test')).toBe(false);
    expect(isValidEmail('')).toBe(false);
  });
});

describe('contactFormProblem', () => {
  const good = { title: 'CEO', first_name: 'Ann', last_name: 'Lee', email: 'ann@acme.test', phone: '555-123-4567' };

  it('accepts a complete contact', () => {
    expect(contactFormProblem(good)).toBeNull();
  });

  it('rejects blank fields silently', () => {
    expect(contactFormProblem({ ...good, title: ' ' })).toEqual({ field: 'title', message: null });
  });

  it('names a bad e-mail or phone', () => {
    expect(contactFormProblem({ ...good, email: 'nope' })).toEqual({ field: 'email', message: 'Please enter a valid email.' });
    expect(contactFormProblem({ ...good, phone: '555' })).toEqual({ field: 'phone', message: 'Please enter a valid 10 digit phone number.' });
  });

  it('refuses an e-mail already in the list', () => {
    expect(contactFormProblem(good, ['ANN@acme.test '])).toEqual({ field: 'email', message: 'This email has already been used.' });
  });
});

describe('contactFormProblems', () => {
  const good = { title: 'CEO', first_name: 'Ann', last_name: 'Lee', email: 'ann@acme.test', phone: '555-123-4567' };

  it('names a bad e-mail even while another field is still empty', () => {
    expect(contactFormProblems({ ...good, phone: '', email: 'ann@acme' })).toEqual([
      { field: 'phone', message: null },
      { field: 'email', message: 'Please enter a valid email.' },
    ]);
    expect(contactFormProblem({ ...good, phone: '', email: 'ann@acme' })).toEqual({ field: 'phone', message: null });
  });

  it('lists every problem in form order, the used e-mail last', () => {
    expect(contactFormProblems({ ...good, title: '', phone: '555' }, ['ann@acme.test'])).toEqual([
      { field: 'title', message: null },
      { field: 'phone', message: 'Please enter a valid 10 digit phone number.' },
      { field: 'email', message: 'This email has already been used.' },
    ]);
    expect(contactFormProblems(good)).toEqual([]);
  });
});

describe('missingContactFieldsMessage', () => {
  const empty = { title: '', first_name: '', last_name: '', email: '', phone: '' };

  it('says which fields are empty, by their labels', () => {
    expect(missingContactFieldsMessage({ ...empty, title: 'CEO', first_name: 'Ann', last_name: 'Lee', email: 'a@b.co' })).toBe('The Phone field is required.');
    expect(missingContactFieldsMessage({ ...empty, title: 'CEO', first_name: 'Ann', last_name: ' ' })).toBe('The Last Name, Email and Phone fields are required.');
    expect(missingContactFieldsMessage({ ...empty, title: 'CEO', first_name: 'Ann', last_name: 'Lee' })).toBe('The Email and Phone fields are required.');
    expect(missingContactFieldsMessage(empty)).toBe('The Title, First Name, Last Name, Email and Phone fields are required.');
  });

  it('is null once every field is filled in, valid or not', () => {
    expect(missingContactFieldsMessage({ title: 'CEO', first_name: 'Ann', last_name: 'Lee', email: 'nope', phone: '5' })).toBeNull();
  });
});

describe('leavesNoPrimaryContact', () => {
  const company = [{ contactId: 1, primary: 1 }, { contactId: 2, primary: 0 }];
  it('refuses removing or demoting the last primary contact', () => {
    expect(leavesNoPrimaryContact(company, { contactId: 1, removed: true })).toBe(true);
    expect(leavesNoPrimaryContact(company, { contactId: 1, primary: 0 })).toBe(true);
  });
  it('allows it when another contact is primary, and any change to the others', () => {
    expect(leavesNoPrimaryContact([...company, { contactId: 3, primary: 1 }], { contactId: 1, removed: true })).toBe(false);
    expect(leavesNoPrimaryContact(company, { contactId: 2, removed: true })).toBe(false);
    expect(leavesNoPrimaryContact(company, { contactId: 2, primary: 1 })).toBe(false);
    expect(leavesNoPrimaryContact(company, { contactId: 1, primary: 1 })).toBe(false);
  });
  it('leaves a company that has no primary contact alone', () => {
    expect(leavesNoPrimaryContact([{ contactId: 2, primary: 0 }], { contactId: 2, removed: true })).toBe(false);
  });
});
