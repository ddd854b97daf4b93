// Just enough MIME to read what nodemailer sends: headers (folded, RFC 2047 words), multipart
// bodies, quoted-printable and base64. The journeys read mail text, not arbitrary mail.

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: '' };
  const gap = raw.slice(at).match(/^\r?\n\r?\n/)?.[0].length ?? 2;
  return { head: raw.slice(0, at), body: raw.slice(at + gap) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** "=?UTF-8?Q?…?=" and "=?UTF-8?B?…?=" words of a header. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')));
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function collect(raw: string, into: { text: string; html: string }): Map<string, string> {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collect(part.replace(/^\r?\n/, ''), into);
    }
  } else {
    const decoded = decodeBody(body, headers.get('content-transfer-encoding')).replace(/\r\n/g, '\n').replace(/\n$/, '');
    if (/^text\/html/i.test(type)) into.html ||= decoded;
    else if (/^text\/plain/i.test(type)) into.text ||= decoded;
  }
  return headers;
}

export function parseMail(raw: string): ParsedMail {
  const into = { text: '', html: '' };
  const headers = collect(raw, into);
  return { headers, subject: decodeWords(headers.get('subject') ?? ''), ...into };
}

/** Every link of the mail: the HTML's hrefs, then any other URL of the text. */
export function linksOf(mail: { text: string; html: string }): string[] {
  const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&#(\d+);/g, (_s, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&'));
  const urls = [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
  return [...new Set([...hrefs, ...urls])];
}
