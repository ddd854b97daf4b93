import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures';
import { companyIdOf } from '../support/demo-data';
import { apiSignIn, expectSignedInHeader, signIn } from '../support/session';

// Webhooks (docs/product/integrations.md#webhooks): an admin adds a webhook to a receiver this test starts (on 127.0.0.1,
// allowed by WEBHOOK_ALLOWED_HOSTS in the journeys' environment), a ticket is created, the receiver gets a body whose
// Portal-Signature verifies with the secret shown once, and the delivery shows as delivered in the endpoint's log.

interface Received { headers: IncomingHttpHeaders; body: string }

test('an admin adds a webhook; a new ticket reaches the receiver signed, and the log shows it delivered', async ({ page, playwright, baseURL }) => {
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('got it');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-hook`;
  try {
    await signIn(page, 'admin');
    await expectSignedInHeader(page);
    await page.goto('/admins/settings/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill(hookUrl);
    await expect(dialog.getByRole('checkbox', { name: 'Ticket created' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const secret = (await page.getByText(/^whsec_/).textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(/^whsec_/)).toHaveCount(0);

    // An agent opens a ticket.
    const agent = await playwright.request.newContext({ baseURL });
    await apiSignIn(agent, 'agent');
    const acme = await companyIdOf(agent, 'Acme, LLC');
    const title = `Webhook journey ${Date.now()}`;
    const created = await agent.post('/api/ticket', { data: { type_id: 1, title, description: 'For the webhook', priority_id: 1, company_id: acme, estimate_required: 0 } });
    expect(created.status()).toBe(201);
    const ticketId = ((await created.json()) as { ticket_id: number }).ticket_id;
    await agent.dispose();

    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [got] = received;
    const body = JSON.parse(got!.body) as { id: string; type: string; data: { ticket: { id: number; title: string } } };
    expect(body).toMatchObject({ type: 'ticket.created', data: { ticket: { id: ticketId, title } } });
    expect(got!.headers['portal-delivery']).toBe(body.id);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(got!.headers['portal-signature']))!;
    expect(createHmac('sha256', secret).update(`${t}.${got!.body}`).digest('hex')).toBe(v1);
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);

    // The endpoint's log shows it delivered, with the receiver's answer.
    await page.reload();
    await page.getByRole('row', { name: new RegExp(hookUrl) }).getByRole('button', { name: 'Deliveries' }).click();
    const line = page.getByRole('table', { name: 'Deliveries' }).getByRole('row', { name: new RegExp(`Ticket created #${ticketId}`) });
    await expect(line).toContainText('Delivered');
    await expect(line).toContainText('200 got it');
    await expect(line).toContainText(body.id);
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
