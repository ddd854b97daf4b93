import { request as playwrightRequest, type Browser, type CDPSession, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { expect, test } from '../support/fixtures';
import { demoPassword, demoUsers, portalUrl } from '../support/portal-env';
import { submitSignIn } from '../support/session';

// Account security (docs/product/accounts-and-roles.md#account-security): each journey signs in as
// a person of its own, made here by an admin, so the demo logins the other journeys use never get
// a second factor.

interface Person {
  email: string;
  password: string;
}

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A new agent with a password of its own, made through the API by the demo admin. */
async function newPerson(first: string): Promise<Person> {
  const id = stamp();
  const person = { email: `${first.toLowerCase()}.${id}@security.test`, password: `Journey-${id}-pass` };
  const admin = await playwrightRequest.newContext({ baseURL: portalUrl });
  try {
    expect((await admin.post('/api/auth/login', { data: { username: demoUsers.admin, password: demoPassword } })).ok()).toBeTruthy();
    const created = await admin.post('/api/contact', { data: { first_name: first, last_name: `Secure${id}`, email: person.email, group_id: 3 } });
    expect(created.status()).toBe(201);
    const { contact_id: contactId } = (await created.json()) as { contact_id: number };
    expect((await admin.put(`/api/contact/${contactId}`, { data: { password: person.password } })).ok()).toBeTruthy();
  } finally {
    await admin.dispose();
  }
  return person;
}

async function signInWithPassword(page: Page, person: Person, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`);
  await submitSignIn(page, person.email, person.password);
}

async function openSecurityPage(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
}

/** The new recovery codes: ten of them, shown once, put away with "I have saved these codes". */
async function saveRecoveryCodes(page: Page): Promise<void> {
  const codes = page.getByRole('region', { name: 'Your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expect(codes.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'portal-recovery-codes.txt');
  await codes.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(codes).toHaveCount(0);
}

const signOut = (page: Page) => page.getByRole('button', { name: 'Sign Out', exact: true }).click();

test('a user turns on an authenticator app and signs in with its code', async ({ page, axe }) => {
  const person = await newPerson('Tova');
  await signInWithPassword(page, person);
  await expect(page).toHaveURL(/\/agents$/);
  await openSecurityPage(page);

  const app = page.getByRole('region', { name: 'Authenticator app' });
  await app.getByRole('button', { name: 'Set up' }).click();
  await expect(app.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await app.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await axe('the authenticator app set-up');

  await app.getByLabel('Code from the app').fill(generateSync({ secret }));
  await app.getByRole('button', { name: 'Turn on' }).click();
  await saveRecoveryCodes(page);
  await expect(app.getByText('On', { exact: true })).toBeVisible();
  await expect(app.getByText(secret)).toHaveCount(0);

  await signOut(page);
  await submitSignIn(page, person.email, person.password);
  const code = page.getByLabel('Enter the code from your authenticator app');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await expect(code).toHaveValue('000000');
  await axe('the second sign-in step');

  // The next period's code: the one used to turn the app on is spent.
  await code.fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByText(/^Welcome, Tova /)).toBeVisible();
});

/** Chromium's virtual authenticator (CDP WebAuthn): a platform authenticator with discoverable passkeys that verifies the user. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

test('a user adds a passkey and signs in with it instead of the password', async ({ page, axe }) => {
  // WebAuthn needs a domain name: an IP address cannot be a relying party.
  const origin = portalUrl.replace('127.0.0.1', 'localhost');
  const person = await newPerson('Pax');
  await addVirtualAuthenticator(page);
  await signInWithPassword(page, person, origin);
  await expect(page).toHaveURL(/\/agents$/);
  await openSecurityPage(page);

  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByLabel('Passkey name').fill('Virtual key');
  await passkeys.getByRole('button', { name: 'Create passkey' }).click();
  await expect(passkeys.getByRole('cell', { name: 'Virtual key', exact: true })).toBeVisible();
  await saveRecoveryCodes(page);
  await axe('the Security page with a passkey');

  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByText(/^Welcome, Pax /)).toBeVisible();

  // With the password, the passkey is the second step.
  await signOut(page);
  await submitSignIn(page, person.email, person.password);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/agents$/);
});

async function pageSignedInAs(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext({ baseURL: portalUrl });
  const page = await context.newPage();
  await signInWithPassword(page, person);
  await expect(page).toHaveURL(/\/agents$/);
  return page;
}

test('a user signs another browser out from the Security page, and that browser is asked to sign in', async ({ page, browser, axe }) => {
  const person = await newPerson('Sena');
  const elsewhere = await pageSignedInAs(browser, person);
  try {
    await signInWithPassword(page, person);
    await expect(page).toHaveURL(/\/agents$/);
    await openSecurityPage(page);

    const sessions = page.getByRole('region', { name: 'Where you are signed in' });
    await expect(sessions.getByRole('row').filter({ hasText: 'This session' })).toHaveCount(1);
    const others = sessions.getByRole('button', { name: /^Sign out .+ on .+, / });
    await expect(others).toHaveCount(1);
    await axe('the sessions list');
    await others.click();
    await expect(sessions.getByRole('status')).toContainText('Signed out');
    await expect(others).toHaveCount(0);
    await expect(sessions.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

    // The ended session's next request is refused: the browser is sent to sign in.
    await elsewhere.reload();
    await expect(elsewhere).toHaveURL(/\/login\?redirect=%2Fagents$/);
    await expect(elsewhere.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
    // This one is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  } finally {
    await elsewhere.context().close();
  }
});

test("an admin signs a client out everywhere from the company's contacts, and the client's browser is asked to sign in", async ({ page, browser, axe }) => {
  // A client of Acme of its own, with a password, made through the API by the demo admin.
  const id = stamp();
  const client = { email: `cleo.${id}@security.test`, password: `Journey-${id}-pass` };
  const admin = await playwrightRequest.newContext({ baseURL: portalUrl });
  let companyId: number;
  try {
    expect((await admin.post('/api/auth/login', { data: { username: demoUsers.admin, password: demoPassword } })).ok()).toBeTruthy();
    const companies = (await (await admin.get('/api/company')).json()) as { company_id: number; name: string }[];
    companyId = companies.find((company) => company.name === 'Acme, LLC')!.company_id;
    const created = await admin.post(`/api/company/${companyId}/contacts`, {
      data: { title: 'Buyer', first_name: 'Cleo', last_name: `Client${id}`, email: client.email, phone: '555-010-2030', primary: 0 },
    });
    expect(created.status()).toBe(201);
    const { contact_id: contactId } = (await created.json()) as { contact_id: number };
    expect((await admin.put(`/api/contact/${contactId}`, { data: { password: client.password } })).ok()).toBeTruthy();
  } finally {
    await admin.dispose();
  }

  const clientContext = await browser.newContext({ baseURL: portalUrl });
  try {
    const clientPage = await clientContext.newPage();
    await signInWithPassword(clientPage, client);
    await expect(clientPage).toHaveURL(new RegExp(`/clients/${companyId}$`));

    await signInWithPassword(page, { email: demoUsers.admin, password: demoPassword });
    await expect(page).toHaveURL(/\/admins$/);
    await page.goto(`/clients/${companyId}/contacts`);
    const name = `Cleo Client${id}`;
    await page.getByRole('button', { name: `Sign out everywhere for ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Sign ${name} out everywhere?` });
    await axe('the sign-out-everywhere confirmation', page);
    await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${name} was signed out of 1 session.` })).toBeVisible();

    // The client's next request is refused: the browser is sent to sign in.
    await clientPage.reload();
    await expect(clientPage).toHaveURL(/\/login\?redirect=/);
    await expect(clientPage.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  } finally {
    await clientContext.close();
  }
});
