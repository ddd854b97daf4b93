import {
  ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES_DEFAULT, attachmentContentMatches, attachmentExtension, isAllowedAttachmentName, sanitizeFileName,
} from './attachments';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => Uint8Array.from(value, (char) => char.charCodeAt(0));

describe('attachment types', () => {
  it('accepts csv, doc, docx, xml, pdf, png, jpg, jpeg and gif, in any case', () => {
    for (const name of ['a.csv', 'a.doc', 'a.docx', 'a.xml', 'a.pdf', 'a.png', 'a.jpg', 'a.jpeg', 'a.gif', 'Scan.PDF', 'x.tar.png']) {
      expect(isAllowedAttachmentName(name)).toBe(true);
    }
    expect(attachmentExtension('Photo.JPEG')).toBe('jpeg');
    expect(ATTACHMENT_ACCEPT).toBe('.csv,.doc,.docx,.xml,.pdf,.png,.jpg,.jpeg,.gif');
    expect(ATTACHMENT_MAX_BYTES_DEFAULT).toBe(26214400);
  });

  it('refuses everything else', () => {
    for (const name of ['a.exe', 'a.svg', 'a.html', 'pdf', 'a.pdf.exe', 'a.', '', 'a.png/']) {
      expect(isAllowedAttachmentName(name)).toBe(false);
    }
  });
});

describe('attachmentContentMatches', () => {
  it('recognises real file headers', () => {
    expect(attachmentContentMatches('a.pdf', text('%PDF-1.7\n'))).toBe(true);
    expect(attachmentContentMatches('a.png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(true);
    expect(attachmentContentMatches('a.jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(attachmentContentMatches('a.gif', text('GIF89a...'))).toBe(true);
    expect(attachmentContentMatches('a.docx', bytes(0x50, 0x4b, 0x03, 0x04, 1))).toBe(true);
    expect(attachmentContentMatches('a.doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(true);
    expect(attachmentContentMatches('a.csv', text('name,total\r\nAcme,3\n'))).toBe(true);
    expect(attachmentContentMatches('a.xml', new Uint8Array([0xef, 0xbb, 0xbf, ...text(' <?xml version="1.0"?><a/>')]))).toBe(true);
  });

  it('refuses a renamed executable, a mismatched type and empty files', () => {
    const exe = bytes(0x4d, 0x5a, 0x90, 0x00, 0x03);
    expect(attachmentContentMatches('invoice.pdf', exe)).toBe(false);
    expect(attachmentContentMatches('data.csv', exe)).toBe(false);
    expect(attachmentContentMatches('a.png', text('%PDF-1.7'))).toBe(false);
    expect(attachmentContentMatches('a.xml', text('just text'))).toBe(false);
    expect(attachmentContentMatches('a.pdf', bytes())).toBe(false);
    expect(attachmentContentMatches('a.exe', text('%PDF-1.7'))).toBe(false);
  });
});

describe('sanitizeFileName', () => {
  it('keeps only the base name without folders or control characters', () => {
    expect(sanitizeFileName('../../etc/passwd.csv')).toBe('passwd.csv');
    expect(sanitizeFileName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(sanitizeFileName('a\u0000b?.png')).toBe('a_b_.png');
    expect(sanitizeFileName('...hidden.gif')).toBe('hidden.gif');
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName('..')).toBe('file');
  });
});
