import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { demoUsers } from '../support/portal-env';
import { companyIdOf } from '../support/demo-data';
import { acmeTicket, signedInPage } from '../support/ticket-pages';

// Warnings before a breach (docs/product/response-times.md#warnings-and-breaches) in real time: an admin gives Acme
// its own 1-minute first-response target for Low tickets, around the clock; the client's new Low ticket, assigned to
// the agent, turns amber on its screen once 45 s have passed, and the job runner (every SLA_CHECK_MS, 5 s in the
// journeys) rings the agent's bell and mails them. No clock is faked: the ticket is simply left unanswered. (A ticket
// staff open is answered by its own description, so the client opens it.) Acme's targets and the hours are put back after.

/** GET /api/sla/settings, as far as it is put back. */
interface SlaSettings {
  date_updated: string | null;
  [field: string]: unknown;
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test("a ticket near its first-response target turns amber and its assignee's bell rings", async ({ browser, axe }) => {
  test.setTimeout(300_000);
  const title = `Response time ${Date.now()}`;
  const companyName = 'Acme, LLC';

  const admin = await signedInPage(browser, 'admin');
  const before = (await (await admin.request.get('/api/sla/settings')).json()) as SlaSettings;
  const companyId = await companyIdOf(admin.request, companyName);
  const ownBefore = ((await (await admin.request.get(`/api/company/${companyId}/sla-targets`)).json()) as { targets: unknown }).targets;

  try {
    // Business hours around the clock (a minute short of midnight) in UTC, then the company's own target.
    await admin.goto('/admins/settings/response-times');
    const form = admin.getByRole('form', { name: 'Response times settings' });
    await form.getByRole('textbox', { name: 'Time zone' }).fill('UTC');
    for (const day of DAYS) {
      await form.getByRole('checkbox', { name: day }).check();
      await form.getByLabel(`${day} opens`).fill('00:00');
      await form.getByLabel(`${day} closes`).fill('23:59');
    }
    await form.getByRole('button', { name: 'Save response times' }).click();
    await expect(form.getByRole('status')).toHaveText('Response times saved.');
    const own = admin.getByRole('region', { name: "A company's own targets" });
    await own.getByRole('combobox', { name: 'Company' }).selectOption({ label: companyName });
    await own.getByLabel('Low: first response in minutes').fill('1');
    await own.getByRole('button', { name: 'Save company targets' }).click();
    await expect(own.getByRole('status')).toHaveText('The company’s own targets are saved.');

    // The client's new Low ticket, assigned to the agent.
    const client = await signedInPage(browser, 'client');
    const path = await acmeTicket(client, title);
    await client.context().close();
    const ticketId = Number(path.split('/').pop());
    const agent = await signedInPage(browser, 'agent');
    const agentId = ((await (await agent.request.get('/api/auth/me')).json()) as { contact: { contact_id: number } }).contact.contact_id;
    expect((await admin.request.put(`/api/ticket/${ticketId}`, { data: { assignee_id: agentId } })).status()).toBe(200);

    await agent.goto(`/clients/${companyId}/tickets/${ticketId}`);
    await expect(agent.getByRole('heading', { name: `#${ticketId} ${title}` })).toBeVisible();
    const badge = agent.getByTestId('sla-badge');
    await expect(badge).toHaveText(/^First response due in [01] min$/);
    await expect(badge).toHaveAttribute('data-state', 'ok');

    // 75 % of a minute: the badge turns amber on the open screen at that instant (a timer of its own), 15 s before
    // red. Run across midnight UTC, the minute the hours leave out delays it by a minute at most, inside the wait.
    await expect(badge).toHaveAttribute('data-state', 'at-risk', { timeout: 120_000 });
    await expect(badge).toContainText('First response at risk');

    // The job runner's check warned the assignee: the bell, and a mail.
    const warning = `Response time at risk: #${ticketId} ${title} — first response due in`;
    await expect.poll(async () => {
      const stored = (await (await agent.request.get(`/api/contact/${agentId}/notifications`)).json()) as { note: string }[];
      return stored.filter((n) => n.note.startsWith(warning)).length;
    }, { timeout: 30_000 }).toBe(1);
    await agent.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await expect(agent.getByRole('listitem').filter({ hasText: warning })).toBeVisible();
    const mail = await waitForMail({ to: demoUsers.agent, subject: `Response time at risk: #${ticketId}`, timeoutMs: 30_000 });
    expect(mail.text).toContain(`/clients/${companyId}/tickets/${ticketId}`);

    // The admins' monthly report counts the ticket under its company.
    await admin.goto('/admins');
    await admin.getByRole('link', { name: 'Response times report' }).click();
    await expect(admin.getByRole('heading', { name: 'Response times report', level: 1 })).toBeVisible();
    await admin.getByRole('combobox', { name: 'Company' }).selectOption({ label: companyName });
    const section = admin.getByRole('region', { name: companyName });
    await expect(section.getByText(/^Tickets: \d+$/)).toBeVisible();
    await expect(section.getByRole('table', { name: `Targets of ${companyName}` })).toBeVisible();
    await axe('the response times report', admin);
    await agent.context().close();
  } finally {
    // The business hours and Acme's targets as the other journeys found them.
    const { date_updated: _saved, ...hours } = before;
    await admin.request.put('/api/sla/settings', { data: hours });
    await admin.request.put(`/api/company/${companyId}/sla-targets`, { data: { targets: ownBefore } });
    await admin.context().close();
  }
});
