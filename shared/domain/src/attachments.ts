/** The only attachment types accepted (docs/product/tickets.md#attachments). */
export const ATTACHMENT_EXTENSIONS = ['csv', 'doc', 'docx', 'xml', 'pdf', 'png', 'jpg', 'jpeg', 'gif'] as const;
export type AttachmentExtension = (typeof ATTACHMENT_EXTENSIONS)[number];

/** 25 MB unless configured otherwise (docs/product/tickets.md#attachments). */
export const ATTACHMENT_MAX_BYTES_DEFAULT = 25 * 1024 * 1024;

/** For the file input's accept attribute. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export function attachmentExtension(fileName: string): AttachmentExtension | null {
  const match = /\.([^./\\]+)$/.exec(fileName.trim());
  const extension = match?.[1]?.toLowerCase();
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension ?? '') ? (extension as AttachmentExtension) : null;
}

export function isAllowedAttachmentName(fileName: string): boolean {
  return attachmentExtension(fileName) !== null;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** How much of a file's start the content check reads: a stream is checked once this much (or all of it) has arrived. */
export const ATTACHMENT_CONTENT_SAMPLE_BYTES = 8192;

/** Plain text: no NUL and no control bytes other than tab, newline, carriage return, form feed. */
function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, ATTACHMENT_CONTENT_SAMPLE_BYTES);
  return sample.every((byte) => byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c);
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const WHITESPACE = [0x09, 0x0a, 0x0d, 0x20];

/** XML opens with '<' after an optional UTF-8 byte-order mark and whitespace. */
function looksLikeXml(bytes: Uint8Array): boolean {
  let index = startsWith(bytes, UTF8_BOM) ? UTF8_BOM.length : 0;
  while (index < bytes.length && WHITESPACE.includes(bytes[index] ?? -1)) index += 1;
  return bytes[index] === 0x3c;
}

const CONTENT_CHECKS: Readonly<Record<AttachmentExtension, (bytes: Uint8Array) => boolean>> = {
  pdf: (bytes) => startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]),
  png: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  jpeg: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  gif: (bytes) => startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61,
  docx: (bytes) => startsWith(bytes, ZIP),
  doc: (bytes) => startsWith(bytes, OLE),
  csv: (bytes) => looksLikeText(bytes),
  xml: (bytes) => looksLikeText(bytes) && looksLikeXml(bytes),
};

/** The file's first bytes agree with its name's type (a renamed executable does not). */
export function attachmentContentMatches(fileName: string, bytes: Uint8Array): boolean {
  const extension = attachmentExtension(fileName);
  return extension !== null && bytes.length > 0 && CONTENT_CHECKS[extension](bytes);
}

/** A file name safe to show and store: no folders, no control characters, at most 200 characters. */
export function sanitizeFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const replaced = [...base].map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || '<>:"|?*'.includes(char) ? '_' : char));
  const cleaned = replaced.join('').replace(/^\.+/, '').trim();
  return (cleaned === '' ? 'file' : cleaned).slice(-200);
}
