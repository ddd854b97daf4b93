import { expect, test } from '../support/fixtures';
import { signedInPage } from '../support/ticket-pages';

// Scheduled maintenance (docs/product/maintenance.md): an admin runs the current period of Acme (a maintenance client
// of the demo, monthly updates and security) from Admin Settings, Maintenance; Acme's client then finds the new
// maintenance ticket with its checklist. The job runner may have opened the period already when the portal started:
// Run now then answers that ticket, so the journey holds either way.

test('an admin runs a maintenance period and the client sees the ticket with its checklist', async ({ browser, axe }) => {
  const admin = await signedInPage(browser, 'admin');
  await admin.goto('/admins/settings/maintenance');
  const table = admin.getByRole('table', { name: 'Maintenance clients' });
  const acme = table.getByRole('row', { name: /Acme, LLC/ });
  // Monthly updates (or maintenance, its newer name, once the preferences journey saved them) and security.
  await expect(acme).toContainText(/Monthly: (updates|maintenance), security/);
  await expect(acme).toContainText('Active');
  await axe('the maintenance settings', admin);

  const ran = admin.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/maintenance\/schedules\/\d+\/run$/.test(new URL(r.url()).pathname));
  await acme.getByRole('button', { name: 'Run now Acme, LLC' }).click();
  const answer = (await (await ran).json()) as { ticket_id: number; period_start: string };
  expect(answer.ticket_id).toBeGreaterThan(0);
  const link = acme.getByRole('link', { name: new RegExp(`\\(#${answer.ticket_id}\\)$`) });
  await expect(link).toBeVisible();
  const path = await link.getAttribute('href');
  expect(path).toMatch(new RegExp(`^/clients/\\d+/tickets/${answer.ticket_id}$`));

  // Again: the same ticket, nothing new.
  const again = admin.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/run'));
  await acme.getByRole('button', { name: 'Run now Acme, LLC' }).click();
  expect(await (await again).json()).toMatchObject({ ticket_id: answer.ticket_id, opened: false });

  const client = await signedInPage(browser, 'client');
  await client.goto(path!);
  await expect(client.getByRole('heading', { name: new RegExp(`^#${answer.ticket_id} Maintenance: `) })).toBeVisible();
  const tasks = client.getByRole('list', { name: 'Task list' });
  await expect(tasks).toContainText('Update plugins');
  await expect(tasks).toContainText('Run a malware scan');
  await expect(tasks).toContainText('Check the SSL certificate');
});
