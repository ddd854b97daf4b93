import { downloadDisposition } from './downloads';

test('a plain name is saved as it is', () => {
  expect(downloadDisposition('mail-12.eml')).toBe('attachment; filename="mail-12.eml"');
});

test('a name beyond ASCII keeps its UTF-8 spelling, with an ASCII fallback', () => {
  expect(downloadDisposition('ré port;1.pdf')).toBe(`attachment; filename="r_ port;1.pdf"; filename*=UTF-8''r%C3%A9%20port%3B1.pdf`);
});

test('the name never breaks out of its quotes', () => {
  const header = downloadDisposition('a"b%c\r\n.pdf');
  expect(header).toBe(`attachment; filename="a_b_c__.pdf"; filename*=UTF-8''a%22b%25c%0D%0A.pdf`);
  expect(header).not.toMatch(/[\r\n\\]/);
});
