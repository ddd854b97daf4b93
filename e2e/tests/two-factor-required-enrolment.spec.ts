import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { SECURITY_MESSAGES } from '@portal/domain';
import { generateSync } from 'otplib';
import { expect, test } from '../support/fixtures';
import { demoPassword, demoUsers, portalUrl } from '../support/portal-env';
import { submitSignIn } from '../support/session';

// docs/product/accounts-and-roles.md#account-security: with 'Require two-factor sign-in for staff' on, a staff member
// without a second factor signs in with the password alone, every page sends them to the Security page, they can sign
// out from there, and once they have set up a factor they go on to a working dashboard without signing in again.
// The policy is turned on by an admin of this journey's own (who must have a factor first) and off again after it, so
// that the demo logins of the other journeys never meet it.

interface Person {
  email: string;
  password: string;
  first: string;
}

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const ENROL_BANNER = 'Your administrator requires two-factor sign-in. Set up an authenticator app or a passkey to continue.';

/** A new staff member (group 1 admin, 3 agent) with a password of its own, made through the API by an admin signed in as `by`. */
async function newStaff(by: APIRequestContext, first: string, groupId: 1 | 3): Promise<Person> {
  const id = stamp();
  const person = { first, email: `${first.toLowerCase()}.${id}@enrol.test`, password: `Journey-${id}-pass` };
  const created = await by.post('/api/contact', { data: { first_name: first, last_name: `Enrol${id}`, email: person.email, group_id: groupId } });
  expect(created.status(), await created.text()).toBe(201);
  const { contact_id: contactId } = (await created.json()) as { contact_id: number };
  expect((await by.put(`/api/contact/${contactId}`, { data: { password: person.password } })).ok()).toBeTruthy();
  return person;
}

/** An admin with a second factor, signed in through the API: the demo admin has none, so the policy holds them too. */
let policyAdmin: APIRequestContext;

async function setPolicy(required: boolean): Promise<void> {
  const saved = await policyAdmin.put('/api/admin/security-policy', { data: { require_staff_second_factor: required } });
  expect(saved.ok(), await saved.text()).toBeTruthy();
}

test.beforeAll(async () => {
  // The admin who turns the policy on needs a second factor of their own: an authenticator app, through the API.
  const demoAdmin = await playwrightRequest.newContext({ baseURL: portalUrl });
  let admin: Person;
  try {
    expect((await demoAdmin.post('/api/auth/login', { data: { username: demoUsers.admin, password: demoPassword } })).ok()).toBeTruthy();
    admin = await newStaff(demoAdmin, 'Polly', 1);
  } finally {
    await demoAdmin.dispose();
  }
  policyAdmin = await playwrightRequest.newContext({ baseURL: portalUrl });
  expect((await policyAdmin.post('/api/auth/login', { data: { username: admin.email, password: admin.password } })).ok()).toBeTruthy();
  const started = await policyAdmin.post('/api/account/security/totp');
  expect(started.ok(), await started.text()).toBeTruthy();
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await policyAdmin.post('/api/account/security/totp/confirm', { data: { code: generateSync({ secret }) } });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
  await setPolicy(true);
});

test.afterAll(async () => {
  await setPolicy(false);
  await policyAdmin.dispose();
});

async function signInAndMeetTheSecurityPage(page: Page, person: Person): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: ENROL_BANNER })).toBeVisible();
}

/** Every page the user opens sends them to the Security page: the portal's page, never the API's refusal. */
async function expectEveryPageSendsToSecurity(page: Page): Promise<void> {
  for (const path of ['/agents', '/', '/login', '/admins', '/security']) {
    const answer = await page.goto(path);
    expect(answer?.headers()['content-type'], path).toMatch(/^text\/html/);
    await expect(page, path).toHaveURL(/\/security$/);
    await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
    await expect(page.getByText(SECURITY_MESSAGES.enrolRequired)).toHaveCount(0);
  }
}

test('a staff member who must set up a second factor is kept on the Security page and can sign out', async ({ page, axe }) => {
  const person = await newStaff(policyAdmin, 'Sigrid', 3);
  await signInAndMeetTheSecurityPage(page, person);
  await expectEveryPageSendsToSecurity(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Security' })).toBeVisible();
  await axe('the Security page while the policy waits for a factor');

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.goto('/agents');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fagents$/);
});

test('a staff member sets up an authenticator app when required and goes on to a working dashboard', async ({ page }) => {
  const person = await newStaff(policyAdmin, 'Enzo', 3);
  await signInAndMeetTheSecurityPage(page, person);
  await expectEveryPageSendsToSecurity(page);

  const app = page.getByRole('region', { name: 'Authenticator app' });
  await app.getByRole('button', { name: 'Set up' }).click();
  await expect(app.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await app.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await app.getByLabel('Code from the app').fill(generateSync({ secret }));
  await app.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('region', { name: 'Your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: ENROL_BANNER })).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue' }).click();

  // The same session, now let through by every API process (two of them serve the journeys).
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByText(new RegExp(`^Welcome, ${person.first} `))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Agent Dashboard' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total', exact: true }).getByTestId('counter-value')).toHaveText(/^\d+$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(SECURITY_MESSAGES.enrolRequired)).toHaveCount(0);
  for (let call = 0; call < 6; call += 1) expect((await page.request.get('/api/company')).status()).toBe(200);

  await page.reload();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole('heading', { name: 'Agent Dashboard' })).toBeVisible();
});
