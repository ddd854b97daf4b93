import { MAIL_IN_HTML_DEPTH_MAX, htmlDepth, htmlToMarkdown, mailBodyWords } from './note-text';

// docs/product/notifications-and-mail.md#the-note: the words of a mail, its HTML part as Markdown when it has no text.

test('the text part wins over the HTML part; an HTML-only mail is read as Markdown', () => {
  expect(mailBodyWords({ text: 'Plain words.\n\n> quoted', html: '<p>Other words</p>' })).toBe('Plain words.');
  expect(mailBodyWords({ text: '  \n', html: '<h2>Title</h2><ul><li>one</li><li>two</li></ul>' })).toBe('## Title\n\n-   one\n-   two');
  expect(mailBodyWords({ html: false })).toBe('');
  expect(mailBodyWords({})).toBe('');
});

test('scripts, styles and forms are dropped; an image leaves its alt text, escaped', () => {
  const html = '<style>p{}</style><script>alert(1)</script><p>Hi <img src="cid:x" alt="[logo](javascript:x)"></p><form><input value="x"></form>';
  expect(htmlToMarkdown(html)).toBe('Hi \\[logo\\](javascript:x)');
});

test('counts how deep the elements nest, empty and optional-end elements aside', () => {
  expect(htmlDepth('<div><p>a<p>b<br><img src=x><span>c</span></div>')).toBe(2);
  expect(htmlDepth('<b>'.repeat(10))).toBe(10);
  expect(htmlDepth('</div></div><div>')).toBe(1);
});

test('HTML nested deeper than a mail program writes is read as text, not handed to the converter', () => {
  const deep = `${'<div>'.repeat(MAIL_IN_HTML_DEPTH_MAX * 50)}Deep words &amp; more<br>next line`;
  expect(htmlDepth(deep)).toBeGreaterThan(MAIL_IN_HTML_DEPTH_MAX);
  expect(htmlToMarkdown(deep)).toBe('Deep words & more\nnext line');
});
