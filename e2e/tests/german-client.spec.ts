import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { apiSignIn } from '../support/session';

// A client who reads German (docs/product/languages.md): the browser's language at registration decides the portal
// and the mail; the agency invoices in euros, never converted; the same client switches to English.

const BERLIN = 'Europe/Berlin';
const germanDate = (date: Date) => new Intl.DateTimeFormat('de-DE', { timeZone: BERLIN, year: 'numeric', month: 'numeric', day: 'numeric' }).format(date);
const englishDate = (date: Date) => new Intl.DateTimeFormat('en-US', { timeZone: BERLIN, year: 'numeric', month: 'numeric', day: 'numeric' }).format(date);

async function setAgencyCurrency(request: APIRequestContext, currency: 'USD' | 'EUR'): Promise<void> {
  const saved = await request.post('/api/options', { data: { option_name: 'locale', option_value: { language: 'en', currency } } });
  expect(saved.ok(), `the agency currency set to ${currency}`).toBeTruthy();
}

test.describe.configure({ timeout: 180_000 });

test('a German client registers, raises a ticket, reads German mail and a euro invoice in German, then switches to English', async ({ browser, request }) => {
  const agent = await apiSignIn(request, 'agent');
  const agentRequest = request;
  await apiSignIn(request, 'admin');
  await setAgencyCurrency(request, 'EUR');
  try {
    const stamp = Date.now();
    const company = `Bäckerei Journey ${stamp}`;
    const email = `inhaberin-${stamp}@journey.example`;
    const password = `journey-${stamp}`;
    const context = await browser.newContext({ locale: 'de-DE', timezoneId: BERLIN });
    const page = await context.newPage();

    // Registration, read in German (the browser's language).
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Bitte melden Sie sich an' })).toBeVisible();
    await page.getByRole('link', { name: 'Konto erstellen' }).click();
    await expect(page.getByRole('heading', { name: 'Konto erstellen' })).toBeVisible();
    await page.getByLabel('Name des Unternehmens').fill(company);
    await page.getByLabel('Website-URL').fill(`https://baeckerei-${stamp}.example`);
    await page.getByRole('button', { name: 'Kontakte hinzufügen' }).click();
    await page.getByLabel('Neuer Kontakt: Position').fill('Inhaberin');
    await page.getByLabel('Neuer Kontakt: Vorname').fill('Greta');
    await page.getByLabel('Neuer Kontakt: Nachname').fill('Becker');
    await page.getByLabel('Neuer Kontakt: E-Mail').fill(email);
    await page.getByLabel('Neuer Kontakt: Telefon').pressSequentially('5553334444');
    await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Kontakte' }).getByRole('cell', { name: email })).toBeVisible();
    await page.getByRole('button', { name: 'Weiter zu den Einstellungen' }).click();
    await page.getByRole('radio', { name: 'Vierteljährlich' }).check({ force: true });
    await page.getByRole('checkbox', { name: /Sicherheit/ }).check({ force: true });
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    const registered = page.waitForRequest((sent) => sent.url().endsWith('/api/auth/register'));
    await page.getByRole('button', { name: 'Registrierung abschließen' }).click();
    expect(((await registered).postDataJSON() as { language?: string }).language).toBe('de');
    await expect(page.getByRole('heading', { name: `Willkommen, ${company}!` })).toBeVisible();

    // The welcome mail in German; the address verified and the password set on German pages.
    const welcome = await waitForMail({ to: email, subject: 'Willkommen im Support-Portal' });
    expect(welcome.text).toContain(`${company} ist jetzt im Support-Portal registriert.`);
    await page.goto(welcome.links.find((link) => link.includes('/verifyemail/'))!);
    await expect(page.getByRole('heading', { name: 'Danke, Greta! Ihre E-Mail-Adresse ist bestätigt.' })).toBeVisible();
    await page.goto(welcome.links.find((link) => link.includes('/resetpassword/'))!);
    await page.getByLabel('Neues Passwort').fill(password);
    await page.getByLabel('Passwort bestätigen').fill(password);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByRole('heading', { name: 'Ihr Passwort ist festgelegt' })).toBeVisible();
    await page.getByRole('link', { name: 'Anmelden' }).click();
    await expect(page.locator('[data-remote="auth"]')).toBeVisible();
    await page.getByLabel('Benutzername').fill(email);
    await page.getByLabel('Passwort').fill(password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByText('Willkommen, Greta Becker!')).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/\d+$/);
    const companyId = Number(new URL(page.url()).pathname.split('/').at(-1));
    // The server's first screen, before any script runs, is German too: the build renders it in each language.
    const firstScreen = await (await page.request.get(`/clients/${companyId}`)).text();
    expect(firstScreen).toMatch(/<html lang="de"/);
    expect(firstScreen).toContain('Willkommen, Greta Becker!');
    expect(firstScreen).toContain('>Abmelden<');

    // A ticket through the German form; its page dates the German way.
    await page.goto(`/clients/${companyId}/tickets/new`);
    await expect(page.getByRole('heading', { name: 'Neues Ticket' })).toBeVisible();
    await page.getByRole('button', { name: 'Ticket erstellen' }).click();
    await expect(page.getByText('Das Feld „Titel“ ist erforderlich.')).toBeVisible();
    const title = `Kontaktformular sendet nichts ${stamp}`;
    // Types and priorities are the admins' lists (data): their names are not translated.
    await page.getByLabel('Typ', { exact: true }).selectOption({ label: 'Incident/Bug' });
    await page.getByLabel('Titel', { exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Beschreibung' }).click();
    await page.keyboard.insertText('Das Formular auf der Startseite verschickt keine E-Mails.');
    await page.getByLabel('Priorität', { exact: true }).selectOption({ label: 'High' });
    await page.getByLabel('Angebot erforderlich').selectOption({ label: 'Nein' });
    await page.getByRole('button', { name: 'Ticket erstellen' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`^#\\d+ ${title}$`) })).toBeVisible();
    const ticketId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect(page.getByText(germanDate(new Date())).first()).toBeVisible();

    // The agency logs 15 units (1.5 hours at 10 per unit) and issues this month's invoice: euros, never converted.
    const agentSession = await apiSignIn(agentRequest, 'agent');
    expect(agentSession.contact_id).toBe(agent.contact_id);
    const logged = await agentRequest.post('/api/time', { data: { ticket_id: ticketId, contact_id: agent.contact_id, time: 15, description: 'Formular repariert' } });
    expect(logged.status()).toBe(201);
    await apiSignIn(request, 'admin');
    const issued = await request.post(`/api/company/${companyId}/invoices`, { data: { offset: 0, time_zone: BERLIN, summary: 'Reparatur des Kontaktformulars.' } });
    expect(issued.status()).toBe(201);
    const number = ((await issued.json()) as { number: string }).number;
    const invoiceMail = await waitForMail({ to: email, subject: `Rechnung ${number} von Web Agency Support` });
    // Intl writes a no-break space before the euro sign.
    expect(invoiceMail.text).toMatch(/Gesamtbetrag: 150,00\s€/);

    // The invoice on screen: German words and dates, euro amounts.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('link', { name: 'Rechnungen', exact: true }).click();
    await page.getByRole('link', { name: number }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`Rechnung ${number}`) })).toBeVisible();
    await expect(page.getByText(/^150,00\s€$/).first()).toBeVisible();
    await expect(page.getByText(germanDate(new Date())).first()).toBeVisible();
    await expect(page.getByText('$')).toHaveCount(0);

    // The same client switches to English: screens at once, and it is theirs from now on.
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await expect(page.getByRole('heading', { name: new RegExp(`Invoice ${number}`) })).toBeVisible();
    await expect(page.getByText('Welcome, Greta Becker!')).toBeVisible();
    await expect(page.getByText('€150.00').first()).toBeVisible();
    await expect(page.getByText(englishDate(new Date())).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: new RegExp(`Invoice ${number}`) })).toBeVisible();
    const englishScreen = await (await page.request.get(`/clients/${companyId}`)).text();
    expect(englishScreen).toMatch(/<html lang="en"/);
    expect(englishScreen).toContain('Welcome, Greta Becker!');
    await context.close();
  } finally {
    await apiSignIn(request, 'admin');
    await setAgencyCurrency(request, 'USD');
  }
});
