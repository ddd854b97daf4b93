import { markdownToMailHtml } from './mail-markdown';
import { activityMail, messageCenterMail } from './mail-templates';

// docs/product/notifications-and-mail.md#markdown-in-mail: mail renders the Markdown the screen renders
// (GitHub-flavoured: tables, strikethrough, task lists, autolinks), safely.

test('tables, strikethrough, task lists and autolinks, as on the screen', () => {
  const html = markdownToMailHtml([
    '| Page | State |',
    '| :--- | ---: |',
    '| Home | ~~old~~ new |',
    '',
    '- [x] copy',
    '- [ ] images',
    '',
    'See https://example.com/page and www.example.org.',
  ].join('\n'));
  expect(html).toContain('<table border="1" cellpadding="6" cellspacing="0" style="border-collapse: collapse">');
  expect(html).toContain('<th align="left">Page</th>');
  expect(html).toContain('<td align="right"><del>old</del> new</td>');
  expect(html).toContain('<input type="checkbox" checked disabled> copy');
  expect(html).toContain('<input type="checkbox" disabled> images');
  expect(html).toContain('<a href="https://example.com/page">https://example.com/page</a>');
  expect(html).toContain('<a href="http://www.example.org">www.example.org</a>');
});

test('raw HTML, scripts and unsafe links never reach the mail; text is escaped', () => {
  const html = markdownToMailHtml('<script>alert(1)</script>\n\nA <b>bold</b> & "quoted" [click](javascript:alert(1)) ![x](data:image/png;base64,AAAA) <img src=x onerror=alert(1)>');
  expect(html).not.toMatch(/<script|<b>|onerror|javascript:|data:image/i);
  expect(html).toContain('A bold &#x26; "quoted"');
  expect(html).toContain('<a>click</a>');
});

test('relative links resolve against PUBLIC_URL in a note mailed to a contact', () => {
  const mail = activityMail('https://portal.example', 'See [the invoice](/clients/1/invoices/2) and | a | b |\n|---|---|\n| 1 | 2 |');
  expect(mail.html).toContain('<a href="https://portal.example/clients/1/invoices/2">the invoice</a>');
  expect(mail.text).toContain('See [the invoice](/clients/1/invoices/2)');
});

test('a message-centre mail renders through the same pipeline; tokens are replaced in text and in link addresses, escaped', () => {
  const mail = messageCenterMail('Hi {{primaryFirst}}', '| Company | Id |\n| --- | --- |\n| {{companyName}} | [open](https://portal.example/clients/{{companyId}}) |', {
    primaryFirst: 'Ann', companyName: 'Acme <LLC>', companyId: '7',
  });
  expect(mail.subject).toBe('Hi Ann');
  expect(mail.html).toContain('<td>Acme &lt;LLC&gt;</td>');
  expect(mail.html).toContain('<a href="https://portal.example/clients/7">open</a>');
});

test('no image is loaded by the mail: a remote image (a tracking pixel) becomes a link with its text, one inside a link its text', () => {
  const html = markdownToMailHtml('Look ![x](https://evil.example/p.png) and ![](https://evil.example/q.png) and [![logo](https://evil.example/l.png)](https://example.com)');
  expect(html).not.toMatch(/<img/i);
  expect(html).toContain('Look <a href="https://evil.example/p.png">x</a>');
  expect(html).toContain('and <a href="https://evil.example/q.png">https://evil.example/q.png</a>');
  expect(html).toContain('<a href="https://example.com">logo</a>');
});

test('a note mailed to a contact shows a portal image as a link too, made absolute', () => {
  const mail = activityMail('https://portal.example', 'The screenshot: ![screen](/api/attachments/3/download)');
  expect(mail.html).not.toMatch(/<img/i);
  expect(mail.html).toContain('<a href="https://portal.example/api/attachments/3/download">screen</a>');
});
