import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiSignIn, expectSignedInHeader, signIn } from '../support/session';
import { companyIdOf } from '../support/demo-data';

// The bell, the kanban selection, dialogs and the markdown editors by keyboard alone.

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<void> {
  await expect(target).toBeAttached();
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`${max} presses of Tab did not reach ${target}`);
}

/** Whether the focused element (or, for a visually hidden input, the control drawn for it) shows a focus indicator. */
async function focusIndicatorVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement)) return false;
    const shown = (element: Element | null) => {
      if (!element) return false;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
    };
    // A checkbox's input is visually hidden; Chakra draws its focus ring on the control beside it.
    const drawnFor = focused.matches('input[type="checkbox"]') ? focused.parentElement?.querySelector('[data-part="control"]') ?? null : null;
    // CodeMirror's focus ring is on the editor around the content element.
    const editor = focused.closest('.cm-editor');
    return shown(focused) || shown(drawnFor) || shown(editor);
  });
}

async function expectFocusInside(container: Locator): Promise<void> {
  await expect.poll(() => container.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

test('the bell: reached with Tab, opened with Enter and with Space, Escape closes it and gives the focus back', async ({ page }) => {
  await signIn(page, 'agent');
  await expectSignedInHeader(page);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const panel = page.getByRole('dialog', { name: 'Notifications' });

  await page.locator('body').focus();
  await tabTo(page, bell);
  await expect.poll(() => focusIndicatorVisible(page), { message: 'the bell shows its focus' }).toBe(true);
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expectFocusInside(panel);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();

  await page.keyboard.press('Space');
  await expect(panel).toBeVisible();
  await expectFocusInside(panel);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();
});

test('a confirm dialog: opened from the keyboard, Tab stays inside it with a visible focus, Escape closes it', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();

  const deleteAll = panel.getByRole('button', { name: 'Delete All Notifications' });
  // It is the panel's last control, after every notification's own: back from the first, the trap wraps to it.
  await tabTo(page, deleteAll, { max: 40, back: true });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('This will permanently remove all notifications. Are you sure?');
  await expectFocusInside(confirm);

  // Cancel, Delete and round again: the focus never leaves the dialog, and always shows.
  for (let presses = 0; presses < 5; presses += 1) {
    await page.keyboard.press(presses === 4 ? 'Shift+Tab' : 'Tab');
    await expectFocusInside(confirm);
    await expect.poll(() => focusIndicatorVisible(page), { message: `focus visible after ${presses + 1} Tab presses` }).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  // Only the top dialog closed: the panel is still open, with the focus back on Delete All.
  await expect(panel).toBeVisible();
  await expect(deleteAll).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();
});

test('the new-ticket dialog: Enter opens it with the focus inside, Escape closes it back to its button', async ({ page }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  await expect(page.getByRole('heading', { name: 'Acme, LLC', level: 1 })).toBeVisible();
  const open = page.getByRole('button', { name: 'New Ticket' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New Ticket' });
  await expect(dialog.getByRole('form', { name: 'New ticket' })).toBeVisible();
  await expectFocusInside(dialog);
  await page.keyboard.press('Tab');
  await expectFocusInside(dialog);
  await expect.poll(() => focusIndicatorVisible(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
});

test("the kanban: a card's Select checkbox is reached with Tab and Space selects it; the bulk actions appear", async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const selects = page.getByRole('checkbox', { name: /^Select / });
  const [first, second] = [selects.nth(0), selects.nth(1)];
  const bar = page.getByRole('region', { name: 'Selected tickets' });

  await tabTo(page, first);
  await expect.poll(() => focusIndicatorVisible(page), { message: "the card's checkbox shows its focus" }).toBe(true);
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await expect(bar).toContainText('1 selected');
  await expect(page).toHaveURL(/\/admins$/);

  await tabTo(page, second, { max: 10 });
  await page.keyboard.press('Space');
  await expect(second).toBeChecked();
  await expect(bar).toContainText('2 selected');
  await expect(bar.getByRole('combobox', { name: 'Move to' })).toBeVisible();

  // Both off again: nothing selected, no bulk actions.
  await page.keyboard.press('Space');
  await tabTo(page, first, { max: 10, back: true });
  await page.keyboard.press('Space');
  await expect(bar).toHaveCount(0);
});

test('the markdown editor: its named toolbar and the text reached with Tab; Tab indents; Escape then Tab leaves', async ({ page, request }) => {
  await apiSignIn(request, 'admin');
  const acme = await companyIdOf(request, 'Acme, LLC');
  const tickets = (await (await request.get(`/api/company/${acme}/tickets`)).json()) as { ticket_id: number; title: string }[];
  const ticket = tickets.find((t) => t.title === 'Checkout button does nothing on Safari');
  expect(ticket).toBeDefined();

  await signIn(page, 'agent');
  await expectSignedInHeader(page);
  await page.goto(`/clients/${acme}/tickets/${ticket!.ticket_id}`);
  await expect(page.getByRole('heading', { name: /Checkout button does nothing on Safari/, level: 1 })).toBeVisible();

  const toolbar = page.getByRole('toolbar', { name: 'New note formatting' });
  const editor = page.getByRole('textbox', { name: 'New note' });
  await tabTo(page, toolbar.getByRole('button', { name: 'Bold' }));
  for (const name of ['Italic', 'Heading', 'Link', 'List', 'Code', 'Insert table']) {
    await page.keyboard.press('Tab');
    await expect(toolbar.getByRole('button', { name })).toBeFocused();
    await expect.poll(() => focusIndicatorVisible(page), { message: `${name} shows its focus` }).toBe(true);
  }
  await page.keyboard.press('Tab');
  await expect(toolbar.getByRole('combobox', { name: 'Tab width' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(editor).toBeFocused();
  await expect.poll(() => focusIndicatorVisible(page), { message: 'the editor shows its focus' }).toBe(true);
  await expect(editor).toHaveAccessibleDescription('Tab indents. To leave the editor, press Escape, then Tab.');

  // Tab options (docs/product/tickets.md#markdown-editor): Tab indents inside the editor (one tab by default).
  await page.keyboard.type('Typed from the keyboard');
  await page.keyboard.press('Home');
  await page.keyboard.press('Tab');
  await expect(editor).toBeFocused();
  expect(await editor.textContent()).toBe('\tTyped from the keyboard');

  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Saved replies' })).toBeFocused();
  await page.keyboard.press('Tab');
  // The note's own files (docs/product/tickets.md#attachments), then its send button.
  await expect(page.locator(':focus')).toHaveAccessibleName('Attach files');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^(Send reply|Add internal note)$/ })).toBeFocused();
});
