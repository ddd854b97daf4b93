import { MAIL_IN_FILES_MAX, MESSAGES, attachmentTooLargeMessage } from '@portal/domain';
import { sortMailFiles } from './mail-files';

// docs/product/notifications-and-mail.md#the-note: a mail's files pass the upload's checks or are named as not attached.

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);

test('keeps the files an upload would take, and names the others with the upload message', () => {
  const { accepted, notAttached } = sortMailFiles([
    { filename: 'a.png', content: PNG },
    { filename: '../../etc/b.png', content: PNG },
    { filename: 'c.exe', content: Buffer.from('MZ') },
    { content: PNG },
    { filename: 'big.png', content: Buffer.concat([PNG, Buffer.alloc(100)]) },
    { filename: 'd.png', content: Buffer.from('text') },
  ], 50);
  expect(accepted.map((file) => [file.name, file.extension])).toEqual([['a.png', 'png'], ['b.png', 'png']]);
  expect(notAttached).toEqual([
    `Not attached: c.exe (${MESSAGES.attachmentTypeNotAllowed.slice(0, -1)}).`,
    `Not attached: file (${MESSAGES.attachmentTypeNotAllowed.slice(0, -1)}).`,
    `Not attached: big.png (${attachmentTooLargeMessage(50).replace(/\.$/, '')}).`,
    `Not attached: d.png (${MESSAGES.attachmentContentMismatch.slice(0, -1)}).`,
  ]);
});

test(`attaches at most ${MAIL_IN_FILES_MAX} files and names at most ${MAIL_IN_FILES_MAX} more`, () => {
  const files = Array.from({ length: MAIL_IN_FILES_MAX * 3 }, (_, index) => ({ filename: `f${index}.png`, content: PNG }));
  const { accepted, notAttached } = sortMailFiles(files, 1000);
  expect(accepted).toHaveLength(MAIL_IN_FILES_MAX);
  expect(notAttached).toHaveLength(MAIL_IN_FILES_MAX + 1);
  expect(notAttached[0]).toBe(`Not attached: f${MAIL_IN_FILES_MAX}.png (at most ${MAIL_IN_FILES_MAX} files of one mail are attached).`);
  expect(notAttached.at(-1)).toBe(`Not attached: ${MAIL_IN_FILES_MAX} more files.`);
});
