import { escapeHtml } from '@portal/domain';
import type { UnsubscribeTarget } from '../services/unsubscribe';

// The small pages an unsubscribe link opens in the browser (docs/product/notifications-and-mail.md#unsubscribe):
// asking to confirm, done, and a link that is not valid. Every text a person wrote is escaped.

/** Where a page's form may post (its own address) and nothing else it may load. */
export const UNSUBSCRIBE_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** A page around `body`, which is HTML. */
function notificationPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${escapeHtml(title)}</title></head><body style="font-family: sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">`
    + `<main><h1 style="font-size: 1.25rem">${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const whatStops = (target: UnsubscribeTarget) => (target.scope === 'all' ? 'e-mail notifications' : `${target.scope} e-mails of your notifications`);

/** What a link opens: it changes nothing until the button is pressed, since mail scanners open links on their own. */
export const unsubscribeConfirmPage = (target: UnsubscribeTarget) => notificationPage(
  'Unsubscribe?',
  `<p>${escapeHtml(`${target.contact.email} will no longer receive ${whatStops(target)}.`)}</p>`
    + '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">'
    + '<button type="submit" style="font-size: 1rem; padding: 0.5rem 1rem">Unsubscribe</button></form>',
);

export const unsubscribeDonePage = (target: UnsubscribeTarget) => notificationPage(
  'Unsubscribed',
  `<p>${escapeHtml(`You will no longer receive ${whatStops(target)}.`)}</p>`
    + '<p>To turn them back on, sign in and use "E-mail me my notifications" in the notification panel.</p>',
);

export const unsubscribeInvalidPage = () => notificationPage(
  'Link not valid',
  '<p>This unsubscribe link is not valid. Sign in and turn the e-mails off in the notification panel.</p>',
);
