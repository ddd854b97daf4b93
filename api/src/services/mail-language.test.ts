import { MESSAGES, STATUS, TYPE } from '@portal/domain';
import { openDemoCast, type DemoCast } from '../test-support/test-app';
import { activityMail, invoiceIssuedMail, newTicketMail, notificationDigestMail, resetPasswordMail, welcomeMail } from './mail-templates';
import { contactAddAttemptMail } from './contact-invitation-mail';
import { slaNoticeMail } from './response-time-warnings';
import { securityMail } from './security-mail';
import { contactLanguages } from './contact-language';
import { statementMail } from './statement-mail';

// docs/product/languages.md: mail in the recipient's language (German for a contact who reads German, English,
// byte for byte as before, otherwise), and error answers in the caller's (the signed-in contact's, else
// Accept-Language). What people wrote (titles, notes, company names) is never translated.

const URL = 'https://portal.example';
const ticket = { company_id: 4, ticket_id: 1234, title: 'Checkout is slow' };

describe('mail texts in each language', () => {
  test('English is worded exactly as before', () => {
    expect(newTicketMail(URL, ticket, 'Acme, LLC')).toEqual({
      subject: 'New ticket [#1234]: Checkout is slow',
      text: 'A new ticket was created for Acme, LLC.\n\nCheckout is slow\n\nOpen it: https://portal.example/clients/4/tickets/1234',
      html: '<p>A new ticket was created for Acme, LLC.</p><p><strong>Checkout is slow</strong></p><p><a href="https://portal.example/clients/4/tickets/1234">Open the ticket</a></p>',
    });
    expect(resetPasswordMail(URL, 'abc', 'Casey').text).toBe(
      'Hello Casey,\n\nUse this link to set your password for the support portal. It works once, within one day.\n\n'
      + 'https://portal.example/resetpassword/abc\n\nIf you did not expect this message, you can ignore it.',
    );
    const one = notificationDigestMail('daily', 'Casey', [{ date: '3/10/2025, 9:00 AM', note: 'Ticket #7 updated', link: null }], `${URL}/stop`);
    expect(one.subject).toBe('Your daily notifications: 1 new');
    expect(one.text).toContain('You have 1 new notification since your last daily e-mail.');
    expect(one.text).toContain('You get this e-mail because you switched on "Send daily" under "E-mail me my notifications".\nUnsubscribe from daily e-mails: https://portal.example/stop');
    expect(securityMail(URL, 'Casey', { kind: 'new-browser', browser: 'Firefox', system: 'Linux', address: null, when: '2025-03-10 09:00' }).text)
      .toContain('Your account was just signed in to from Firefox on Linux, at 2025-03-10 09:00 (UTC).');
    expect(securityMail(URL, 'Casey', { kind: 'new-browser', browser: 'Firefox', system: 'Linux', address: '10.0.0.1', when: '2025-03-10 09:00' }).text)
      .toContain('from Firefox on Linux (address 10.0.0.1), at');
    expect(contactAddAttemptMail({ firstName: 'Pat', companyName: 'Initech', email: 'pat@initech.test' }).text).toBe(
      'Hello Pat,\n\nInitech tried to add pat@initech.test as one of its contacts on the support portal. Your account already uses this address, '
      + 'so nothing was changed: you were not added, and your account is as it was.\n\nIf you work with Initech and want to be one of its contacts, '
      + 'ask them to contact support, who can add your account.\n\nIf you did not expect this message, you can ignore it.',
    );
  });

  test('German: the portal\'s words in German, what people wrote as it is', () => {
    const mail = newTicketMail(URL, ticket, 'Acme, LLC', 'de');
    expect(mail.subject).toBe('Neues Ticket [#1234]: Checkout is slow');
    expect(mail.text).toBe('Für Acme, LLC wurde ein neues Ticket erstellt.\n\nCheckout is slow\n\nÖffnen: https://portal.example/clients/4/tickets/1234');
    expect(mail.html).toContain('>Ticket öffnen</a>');

    const internal = activityMail(URL, 'Look at the logs.', ticket, { internal: true }, 'de');
    expect(internal.subject).toBe('Interne Notiz im Ticket [#1234]: Checkout is slow');
    expect(internal.text).toBe('**Interne Notiz**\n\nLook at the logs.\n\nTicket öffnen: https://portal.example/clients/4/tickets/1234');

    const welcome = welcomeMail(URL, { firstName: 'Jonas', companyName: 'Müller GmbH', verifyCode: 'v', resetCode: 'r' }, 'de');
    expect(welcome.subject).toBe('Willkommen im Support-Portal');
    expect(welcome.text).toContain('Hallo Jonas,\n\nMüller GmbH ist jetzt im Support-Portal registriert.');
    expect(welcome.text).toContain('E-Mail-Adresse bestätigen: https://portal.example/verifyemail/v');
    expect(welcome.html).toContain('„Passwort vergessen“');

    const digest = notificationDigestMail('weekly', 'Jonas', [
      { date: '10.03.2025, 09:00', note: 'Ticket #7 updated', link: null },
      { date: '11.03.2025, 10:30', note: 'Ticket #8 updated', link: null },
    ], `${URL}/stop`, 'de');
    expect(digest.subject).toBe('Ihre wöchentlichen Benachrichtigungen: 2 neu');
    expect(digest.text).toContain('Sie haben 2 neue Benachrichtigungen seit Ihrer letzten wöchentlichen E-Mail.');
    expect(digest.text).toContain('Wöchentliche E-Mails abbestellen: https://portal.example/stop');

    const locked = securityMail(URL, 'Jonas', { kind: 'second-factor-locked', wrongCodes: 5, minutes: 15 }, 'de');
    expect(locked.subject).toBe('Zwei-Faktor-Anmeldung nach falschen Codes gesperrt');
    expect(locked.text).toContain('innerhalb einer Stunde 5 falsche Zwei-Faktor-Codes für Ihr Konto eingegeben');
    expect(locked.html).toContain('Seite „Sicherheit“ öffnen');
  });

  test('an invoice: its month, total and due date as Germans write them; English as the caller wrote them', () => {
    const invoice = {
      company_id: 4, invoice_id: 9, number: 'INV-2026-0042', month_label: 'November 2026', total: '$1,234.50', due_date: '2026-12-15',
      provider_name: 'Web Agency', month: '2026-11', total_amount: 1234.5, currency: 'EUR' as const,
    };
    const german = invoiceIssuedMail(URL, invoice, 'Jonas', 'de');
    expect(german.subject).toBe('Rechnung INV-2026-0042 von Web Agency');
    expect(german.text).toContain('Web Agency hat die Rechnung INV-2026-0042 für November 2026 ausgestellt.');
    expect(german.text).toMatch(/Gesamtbetrag: 1\.234,50\s€\nFällig am: 15\.12\.2026/);
    const english = invoiceIssuedMail(URL, invoice, 'Casey');
    expect(english.text).toBe(
      'Hello Casey,\n\nWeb Agency has issued invoice INV-2026-0042 for November 2026.\n\nTotal: $1,234.50\nDue date: 2026-12-15\n\n'
      + 'View and print it: https://portal.example/clients/4/invoices/9',
    );
  });
});

describe('the statement and the response-time notices', () => {
  const statement = {
    company_id: 4, company_name: 'Acme, LLC', month: '2026-11', month_label: 'November 2026',
    worked: [{ ticket_id: 12, title: 'Fix the cart', type_name: 'Support', units: 6, amount: 1234.5, completed: true }],
    completed: [{ ticket_id: 12, title: 'Fix the cart', date_completed: '2026-11-21T15:00:00.000Z' }],
    by_type: [{ type_id: 1, type_name: 'Support', units: 6, amount: 1234.5 }],
    total_units: 6, total_amount: 1234.5,
    plan: { included_units: 40, rolled_over_units: 4, available_units: 44, used_units: 6, remaining_units: 38, overage_units: 0, percent_used: 14 },
    maintenance: [{ ticket_id: 13, title: 'Monthly updates', tasks: [{ instruction: 'Update plugins', done: true }, { instruction: 'Back up', done: false }], done: 1 }],
    overdue: [{ ticket_id: 14, title: 'New logo', date_due: '2026-11-10T12:00:00.000Z' }],
  };

  test('English as before: US dollars, US dates', () => {
    const mail = statementMail(URL, statement, 'Casey', 'UTC');
    expect(mail.subject).toBe('Your statement for November 2026');
    expect(mail.text).toContain("Hello Casey,\n\nHere is Acme, LLC's statement for November 2026.");
    expect(mail.text).toContain('Tickets worked\n- #12 Fix the cart: 00:36, $1,234.50\n- Total: 00:36, $1,234.50');
    expect(mail.text).toContain('Completed\n- #12 Fix the cart (11/21/2026)');
    expect(mail.text).toContain('Maintenance done\n- #13 Monthly updates: 1 of 2 done\n-   [x] Update plugins');
    expect(mail.text).toContain('Overdue\n- #14 New logo (due 11/10/2026)');
    expect(mail.text).toContain('View and print it: https://portal.example/clients/4/statements/2026-11');
    expect(mail.html).toContain('<strong>Total: 00:36, $1,234.50</strong>');
  });

  test('German: German words, dates and money in the agency\'s currency', () => {
    const mail = statementMail(URL, statement, 'Jonas', { timeZone: 'Europe/Berlin', language: 'de', currency: 'EUR' });
    expect(mail.subject).toBe('Ihre Monatsübersicht für November 2026');
    expect(mail.text).toContain('Hallo Jonas,\n\nhier ist die Monatsübersicht von Acme, LLC für November 2026.');
    expect(mail.text).toMatch(/Bearbeitete Tickets\n- #12 Fix the cart: 00:36, 1\.234,50\s€/);
    expect(mail.text).toContain('Abgeschlossen\n- #12 Fix the cart (21.11.2026)');
    expect(mail.text).toContain('Planstunden\n- Enthalten: ');
    expect(mail.text).toContain('#13 Monthly updates: 1 von 2 erledigt');
    expect(mail.text).toContain('Überfällig\n- #14 New logo (fällig am 10.11.2026)');
    expect(mail.html).toContain('>Monatsübersicht ansehen und drucken</a>');
  });

  test('a response-time notice: English as the bell words it, German for a German reader', () => {
    const watched = { company_id: 4, ticket_id: 12, title: 'Fix the cart' };
    const english = slaNoticeMail(URL, watched, { kind: 'atRisk', target: 'first_response', left: 45 });
    expect(english.subject).toBe('Response time at risk: #12 Fix the cart — first response due in 45 min');
    expect(english.text).toBe('Response time at risk: #12 Fix the cart — first response due in 45 min\n\nOpen the ticket: https://portal.example/clients/4/tickets/12');
    expect(slaNoticeMail(URL, watched, { kind: 'missed', target: 'resolution', left: -125 }).subject)
      .toBe('Response time missed: #12 Fix the cart — resolution overdue by 2 h 5 min');
    expect(slaNoticeMail(URL, watched, { kind: 'missed', target: 'resolution', left: -125 }, 'de').subject)
      .toBe('Reaktionszeit verfehlt: #12 Fix the cart — Lösung überfällig seit 2 h 5 min');
  });
});

describe('mail and errors by the contact\'s language', () => {
  let cast: DemoCast;
  const setLanguage = (email: string, language: string | null) =>
    cast.t.app.db.updateTable('contacts').set({ language }).where('email', '=', email).execute();
  const lastMailTo = (to: string) =>
    cast.t.app.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    cast = await openDemoCast({ publicUrl: URL });
  });
  afterAll(async () => {
    await cast.t.close();
  });

  test('several people\'s languages in one read: each their own, the portal\'s default for one without, a gone contact and an address that is no contact', async () => {
    await setLanguage('client@demo.test', 'de');
    try {
      const languageOf = await contactLanguages(cast.t.app.db, [cast.ids.client, cast.ids.agent, 999_999, null]);
      expect([cast.ids.client, cast.ids.agent, 999_999, null, undefined].map(languageOf)).toEqual(['de', 'en', 'en', 'en', 'en']);
    } finally {
      await setLanguage('client@demo.test', null);
    }
  });

  test('a reset link to a German contact is German, to an English one as before', async () => {
    await setLanguage('client@demo.test', 'de');
    try {
      const forgot = (email: string) => cast.t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email } });
      expect((await forgot('client@demo.test')).statusCode).toBe(200);
      expect((await forgot('client2@demo.test')).statusCode).toBe(200);
      const german = await lastMailTo('client@demo.test');
      expect(german.subject).toBe('Legen Sie Ihr Passwort für das Support-Portal fest');
      expect(german.text).toMatch(/^Hallo Casey,\n\nÜber diesen Link legen Sie Ihr Passwort/);
      const english = await lastMailTo('client2@demo.test');
      expect(english.subject).toBe('Set your support portal password');
    } finally {
      await setLanguage('client@demo.test', null);
    }
  });

  test('a new ticket\'s mail in the admin\'s language', async () => {
    await setLanguage('admin@demo.test', 'de');
    try {
      const res = await cast.call('POST', '/api/ticket', cast.cookies.client, {
        type_id: TYPE.question, title: 'Bitte prüfen', description: 'Danke.', priority_id: 3, company_id: cast.ids.acme, estimate_required: 0,
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().ticket_id as number;
      expect((await lastMailTo('admin@demo.test')).subject).toBe(`Neues Ticket [#${id}]: Bitte prüfen`);
      await setLanguage('admin@demo.test', null);
      const english = await cast.call('POST', '/api/ticket', cast.cookies.client, {
        type_id: TYPE.question, title: 'Please check', description: 'Thanks.', priority_id: 3, company_id: cast.ids.acme, estimate_required: 0,
      });
      expect((await lastMailTo('admin@demo.test')).subject).toBe(`New ticket [#${english.json().ticket_id as number}]: Please check`);
    } finally {
      await setLanguage('admin@demo.test', null);
    }
  });

  test('the bell in its reader\'s language: a new ticket, an assignment, a status change', async () => {
    const bell = async (contactId: number, ticketId: number) => (await cast.t.app.db.selectFrom('notifications').select('note')
      .where('contact_id', '=', contactId).where('ticket_id', '=', ticketId).orderBy('notification_id').execute()).map((row) => row.note);
    await setLanguage('admin@demo.test', 'de');
    await setLanguage('client@demo.test', 'de');
    try {
      const res = await cast.call('POST', '/api/ticket', cast.cookies.client, {
        type_id: TYPE.question, title: 'Glocke prüfen', description: 'Danke.', priority_id: 3, company_id: cast.ids.acme, estimate_required: 0,
      });
      const id = res.json().ticket_id as number;
      expect(await bell(cast.ids.admin, id)).toEqual(['Neues Ticket: Glocke prüfen (Acme, LLC).']);

      expect((await cast.call('PUT', `/api/ticket/${id}`, cast.cookies.admin, { assignee_id: cast.ids.agent })).statusCode).toBe(200);
      expect(await bell(cast.ids.agent, id)).toEqual(['You were assigned: Glocke prüfen.']);
      expect((await cast.call('PUT', `/api/ticket/${id}`, cast.cookies.agent, { status_id: STATUS.testing })).statusCode).toBe(200);
      expect(await bell(cast.ids.client, id)).toEqual(['Glocke prüfen hat jetzt den Status Testing.']);

      await setLanguage('agent@demo.test', 'de');
      expect((await cast.call('PUT', `/api/ticket/${id}`, cast.cookies.admin, { assignee_id: cast.ids.sam })).statusCode).toBe(200);
      expect((await cast.call('PUT', `/api/ticket/${id}`, cast.cookies.admin, { assignee_id: cast.ids.agent })).statusCode).toBe(200);
      // What was written before stays in the words it was written in.
      expect(await bell(cast.ids.agent, id)).toEqual(['You were assigned: Glocke prüfen.', 'Ihnen wurde ein Ticket zugewiesen: Glocke prüfen.']);

      await setLanguage('admin@demo.test', null);
      const english = await cast.call('POST', '/api/ticket', cast.cookies.client, {
        type_id: TYPE.question, title: 'Check the bell', description: 'Thanks.', priority_id: 3, company_id: cast.ids.acme, estimate_required: 0,
      });
      expect(await bell(cast.ids.admin, english.json().ticket_id as number)).toEqual(['New ticket: Check the bell (Acme, LLC).']);
    } finally {
      await setLanguage('admin@demo.test', null);
      await setLanguage('client@demo.test', null);
      await setLanguage('agent@demo.test', null);
    }
  });

  test('a wrong password: German for a caller whose browser asks for German, English otherwise', async () => {
    const login = (headers: Record<string, string>, ip: string) => cast.t.app.inject({
      method: 'POST', url: '/api/auth/login', payload: { username: 'client@demo.test', password: 'wrong-password' }, headers, remoteAddress: ip,
    });
    const german = await login({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' }, '10.9.0.1');
    expect(german.statusCode).toBe(401);
    expect(german.json()).toEqual({ statusCode: 401, error: 'Benutzername oder Passwort ist ungültig.' });
    expect((await login({ 'accept-language': 'fr-FR, de;q=0.5' }, '10.9.0.2')).json().error).toBe('Benutzername oder Passwort ist ungültig.');
    expect((await login({ 'accept-language': 'en-GB' }, '10.9.0.3')).json()).toEqual({ statusCode: 401, error: MESSAGES.invalidCredentials });
    expect((await login({}, '10.9.0.4')).json()).toEqual({ statusCode: 401, error: MESSAGES.invalidCredentials });
  });

  test('a signed-in German contact reads errors in German, whatever the browser asks for', async () => {
    const { call, cookies } = cast;
    await setLanguage('admin@demo.test', 'de');
    try {
      const missing = await call('PUT', '/api/ticket/bulk', cookies.admin, { ticket_ids: [999_999], assignee_id: cast.ids.agent });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ statusCode: 404, error: 'Ticket nicht gefunden.' });
      const nowhere = await cast.t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { cookie: cookies.admin, 'accept-language': 'en' } });
      expect(nowhere.json()).toEqual({ statusCode: 404, error: 'Keine Ergebnisse gefunden.' });
      // A feature's own fixed texts (shared/domain/src/feature-messages.ts) too.
      const noWebhook = await call('DELETE', '/api/webhooks/999999', cookies.admin);
      expect(noWebhook.json()).toEqual({ statusCode: 404, error: 'Diesen Webhook gibt es nicht.' });
    } finally {
      await setLanguage('admin@demo.test', null);
    }
    const english = await call('PUT', '/api/ticket/bulk', cookies.admin, { ticket_ids: [999_999], assignee_id: cast.ids.agent });
    expect(english.json()).toEqual({ statusCode: 404, error: MESSAGES.ticketNotFound });
  });
});
