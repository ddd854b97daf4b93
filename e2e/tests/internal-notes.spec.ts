import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { receivedMail, waitForMail } from '../support/mailbox';
import { demoUsers } from '../support/portal-env';
import { acmeTicket, openTicket, signedInPage } from '../support/ticket-pages';

// Internal notes (docs/product/tickets.md#internal-notes): staff choose, per note, a reply the client reads or
// an internal note only staff see. The client's open ticket and mailbox never get the internal one, nor its file.

const liveStream = (page: Page) => page.locator('[data-live]').first();

/** A PNG's signature and header: enough for the server's content check. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** The agent writes `text` in the note editor and presses `button`; waits until the API has stored it. */
async function send(agent: Page, text: string, button: 'Send reply' | 'Add internal note'): Promise<void> {
  await agent.getByRole('textbox', { name: 'New note' }).click();
  await agent.keyboard.insertText(text);
  const stored = agent.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/activity');
  await agent.getByRole('button', { name: button }).click();
  expect((await stored).status()).toBe(201);
}

test("an agent's internal note never reaches the client's open ticket or mailbox, while the reply written next arrives live", async ({ browser, axe }) => {
  const title = `Internal note ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const agent = await signedInPage(browser, 'agent');
  const path = await acmeTicket(client, title);
  await openTicket(client, path, title);
  await openTicket(agent, path, title);
  await expect(liveStream(client)).toHaveAttribute('data-live', 'on');
  await expect(liveStream(agent)).toHaveAttribute('data-live', 'on');

  // A new ticket is one the client is waiting on: the editor starts on a reply. The client has no choice to make.
  await expect(agent.getByRole('radio', { name: 'Reply' })).toBeChecked();
  await expect(agent.getByRole('button', { name: 'Send reply' })).toBeVisible();
  await expect(client.getByRole('radio')).toHaveCount(0);
  await expect(client.getByRole('button', { name: 'Add Note' })).toBeVisible();

  // The agent switches to an internal note: the editor says so before anything is sent.
  await agent.getByRole('radio', { name: 'Internal note' }).check({ force: true });
  await expect(agent.getByText('Internal note — only staff see this')).toBeVisible();
  const secret = `Hosting password is hunter2 ${Date.now()}`;
  // A file added to the internal note is internal too: uploaded with it, never listed or served to the client.
  const secretFile = `hosting-panel-${Date.now()}.png`;
  await agent.getByLabel('Files for the note').setInputFiles({ name: secretFile, mimeType: 'image/png', buffer: PNG });
  await expect(agent.getByRole('list', { name: 'Files to send with the note' })).toContainText(secretFile);
  await expect(agent.getByText('Sent with the internal note: only staff see them.')).toBeVisible();
  const uploaded = agent.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/attachments'));
  await send(agent, secret, 'Add internal note');
  const upload = await uploaded;
  expect(new URL(upload.url()).searchParams.get('internal')).toBe('true');
  const [secretAttachment] = (await upload.json()) as { attachment_id: number; internal: boolean }[];
  expect(secretAttachment).toMatchObject({ internal: true });
  await expect(agent.getByRole('link', { name: secretFile })).toBeVisible();
  const internalNote = agent.getByRole('listitem', { name: /^Internal note by / }).filter({ hasText: secret });
  await expect(internalNote).toBeVisible();
  await expect(internalNote.getByText('Internal', { exact: true })).toBeVisible();
  await expect(internalNote.getByRole('button', { name: 'Email' })).toHaveCount(0);
  await axe('ticket page with an internal note and the internal-note editor', agent);

  // Then a reply: it arrives on the client's open ticket over the live stream, the internal note does not.
  await agent.getByRole('radio', { name: 'Reply' }).check({ force: true });
  await expect(agent.getByText('Internal note — only staff see this')).toHaveCount(0);
  const reply = `We found the cause and are fixing it ${Date.now()}`;
  const publicFile = `fixed-page-${Date.now()}.png`;
  await agent.getByLabel('Files for the note').setInputFiles({ name: publicFile, mimeType: 'image/png', buffer: PNG });
  await expect(agent.getByText('Sent with the reply: the client sees them.')).toBeVisible();
  await send(agent, reply, 'Send reply');
  await expect(client.getByTestId('activity-feed').getByText(reply)).toBeVisible({ timeout: 2000 });
  await expect(client.getByRole('link', { name: publicFile })).toBeVisible();
  await expect(client.locator('body')).not.toContainText(secret);
  await expect(client.locator('body')).not.toContainText(secretFile);
  // Asked directly, the API has no such file for the client.
  expect((await client.request.get(`/api/attachments/${secretAttachment!.attachment_id}/download`)).status()).toBe(404);
  await expect(client.getByText('Internal', { exact: true })).toHaveCount(0);
  // A reload reads the feed afresh: still no internal note.
  await client.reload();
  await expect(client.getByTestId('activity-feed').getByText(reply)).toBeVisible();
  await expect(client.getByRole('link', { name: publicFile })).toBeVisible();
  await expect(client.locator('body')).not.toContainText(secret);
  await expect(client.locator('body')).not.toContainText(secretFile);
  // The client's bell holds nothing of it either.
  const me = (await (await client.request.get('/api/auth/me')).json()) as { contact: { contact_id: number } };
  const bell = (await (await client.request.get(`/api/contact/${me.contact.contact_id}/notifications`)).json()) as { note: string }[];
  expect(bell.filter((notification) => notification.note.includes(secret))).toEqual([]);

  // The reply mailed to the client arrives; no mail to the client ever carries the internal note.
  const replyItem = agent.getByTestId('activity-feed').getByRole('listitem', { name: /^Note by / }).filter({ hasText: reply });
  await replyItem.getByRole('button', { name: 'Email' }).click();
  await expect(agent.getByRole('status').filter({ hasText: 'Activity email sent.' })).toBeVisible();
  await waitForMail({ to: demoUsers.client, text: reply });
  const toClient = receivedMail().filter((mail) => mail.to.includes(demoUsers.client));
  expect(toClient.filter((mail) => `${mail.subject}\n${mail.text}\n${mail.html}`.includes(secret))).toEqual([]);
  await axe('the client\'s ticket page', client);

  await client.context().close();
  await agent.context().close();
});
