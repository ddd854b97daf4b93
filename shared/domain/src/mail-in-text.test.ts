import { MAIL_IN_FILES_MAX, MAIL_IN_NOTE_MAX } from './mail-in';
import {
  MAIL_IN_NO_TEXT, MAIL_IN_TEXT_SCAN_MAX, heldFilesLine, heldMailNoteText, mailInNoteText, mailNewWords, notAttachedLine,
} from './mail-in-text';

describe('the new words of a mail (docs/product/notifications-and-mail.md#the-note)', () => {
  it('keeps a mail without history as it is, blank runs made one', () => {
    expect(mailNewWords('Hello,\r\n\r\n\r\n\r\nthe form works again.\r\n\r\n')).toBe('Hello,\n\nthe form works again.');
  });

  it('cuts the history below "On … wrote:", also when the header is wrapped over two lines', () => {
    const mail = 'Thanks, fixed!\n\nOn Tue, 24 Nov 2026 at 10:00, Support Portal <support@portal.test> wrote:\n> Which page?\n> Open it: http://x\n';
    expect(mailNewWords(mail)).toBe('Thanks, fixed!');
    const wrapped = 'Thanks!\n\nOn Tue, 24 Nov 2026 at 10:00, Support Portal <\nsupport@portal.test> wrote:\n\n> Which page?\n';
    expect(mailNewWords(wrapped)).toBe('Thanks!');
    expect(mailNewWords('Danke.\n\nAm 24.11.2026 um 10:00 schrieb Support <s@p.test>:\n> Frage\n')).toBe('Danke.');
    expect(mailNewWords('Merci.\n\nLe mar. 24 nov. 2026, Support <s@p.test> a écrit :\n> Question\n')).toBe('Merci.');
  });

  it("cuts Outlook's unquoted history: the rule, the From: block, Original Message", () => {
    const outlook = 'It works now.\n\n________________________________\nFrom: Support <s@p.test>\nSent: Tuesday\nTo: Cora\nSubject: Re: x\n\nWhich page?';
    expect(mailNewWords(outlook)).toBe('It works now.');
    const bold = 'It works now.\n\n* * *\n\n**From:** Support <s@p.test>  \n**Sent:** Tuesday  \n**To:** Cora\n\nWhich page?';
    expect(mailNewWords(bold)).toBe('It works now.');
    expect(mailNewWords('Yes.\n\n-----Original Message-----\nFrom: a\nOld words')).toBe('Yes.');
  });

  it('keeps a From: line that is not a quoted header', () => {
    expect(mailNewWords('From: the top of the page, the menu is gone.\n\nPlease check.')).toBe('From: the top of the page, the menu is gone.\n\nPlease check.');
  });

  it('keeps the answers of an interleaved reply and drops the quoted lines between them', () => {
    const mail = 'On Tue, Support <s@p.test> wrote:\n> Which page?\nThe pricing page.\n> Since when?\nThis morning.\n';
    expect(mailNewWords(mail)).toBe('The pricing page.\nThis morning.');
  });

  it('cuts the signature at "-- " and "Sent from my …"', () => {
    expect(mailNewWords('Done.\n-- \nCora Client\nACME, Inc.')).toBe('Done.');
    expect(mailNewWords('Done.\n\nSent from my iPhone')).toBe('Done.');
    expect(mailNewWords('Done.\n\nGet Outlook for Android\n\nOn Tue, x wrote:\n> y')).toBe('Done.');
  });

  it('answers nothing for a mail of quoted history only', () => {
    expect(mailNewWords('> all quoted\n> here\n')).toBe('');
    expect(mailNewWords('')).toBe('');
  });

  // Text built to make backtracking patterns run for minutes: each of these returns within the test's timeout.
  it('reads text built against its patterns as words', () => {
    const wordsKept = (text: string) => mailNewWords(text).length;
    expect(wordsKept('Op x\nschreef\n'.repeat(15_000))).toBe('Op x\nschreef\n'.repeat(15_000).trim().length);
    expect(wordsKept('abc. skrev\n'.repeat(18_000))).toBe('abc. skrev\n'.repeat(18_000).trim().length);
    expect(wordsKept(`On${' a'.repeat(99_999)}`)).toBe(MAIL_IN_TEXT_SCAN_MAX);
    expect(wordsKept('From: <'.repeat(30_000))).toBe(MAIL_IN_TEXT_SCAN_MAX);
    expect(wordsKept('On x\n'.repeat(40_000))).toBe(MAIL_IN_TEXT_SCAN_MAX - 1);
    expect(wordsKept(`${'x'.repeat(100_000)}\n${'-'.repeat(100_000)}`)).toBe(MAIL_IN_TEXT_SCAN_MAX);
  });
});

describe('the note text', () => {
  it('is the new words, or "(no text)", then the files not attached', () => {
    expect(mailInNoteText('Hello')).toBe('Hello');
    expect(mailInNoteText('  ')).toBe(MAIL_IN_NO_TEXT);
    expect(mailInNoteText('See the file.', ['Not attached: a.exe (no).', 'Not attached: b.bat (no).'])).toBe(
      'See the file.\n\nNot attached: a.exe (no).\nNot attached: b.bat (no).',
    );
  });

  it(`is at most ${MAIL_IN_NOTE_MAX} characters, the files still named at the end`, () => {
    const text = mailInNoteText('w'.repeat(MAIL_IN_NOTE_MAX * 2), ['Not attached: a.exe (no).']);
    expect(text).toHaveLength(MAIL_IN_NOTE_MAX);
    expect(text.endsWith('…\n\nNot attached: a.exe (no).')).toBe(true);
    const manyFiles = Array.from({ length: MAIL_IN_FILES_MAX * 100 }, (_, index) => notAttachedLine(`${'f'.repeat(150)}${index}.exe`, 'No.'));
    expect(mailInNoteText('Words', manyFiles).length).toBeLessThanOrEqual(MAIL_IN_NOTE_MAX);
    expect(mailInNoteText('Words', manyFiles).startsWith('Words')).toBe(true);
  });

  it('names a refused file with the upload message as its reason', () => {
    expect(notAttachedLine('virus.exe', 'This file type is not allowed. Accepted: csv, pdf.')).toBe(
      'Not attached: virus.exe (This file type is not allowed. Accepted: csv, pdf).',
    );
  });

  it("names a held message's files", () => {
    expect(heldFilesLine([])).toBeNull();
    expect(heldFilesLine(['a.png', 'b.pdf'])).toBe('Files in the mail, not attached: a.png, b.pdf.');
    const many = Array.from({ length: MAIL_IN_FILES_MAX + 3 }, (_, index) => `f${index}.png`);
    expect(heldFilesLine(many)).toBe(`Files in the mail, not attached: ${many.slice(0, MAIL_IN_FILES_MAX).join(', ')} and 3 more.`);
  });

  it('says who wrote a held message an admin attaches', () => {
    expect(heldMailNoteText({ name: 'Sam Stranger', address: 'sam@else.test' }, 'Hi')).toBe('From Sam Stranger <sam@else.test>:\n\nHi');
    expect(heldMailNoteText({ name: null, address: 'sam@else.test' }, 'Hi')).toBe('From <sam@else.test>:\n\nHi');
  });
});
