import contentDisposition from 'content-disposition';

/**
 * The Content-Disposition of a file the API hands out to be saved (an attachment, a held mail's
 * source), made by the content-disposition package (RFC 6266): the name in UTF-8 (`filename*`) when
 * it needs it, and an ASCII `filename` beside it through which no quote, backslash, percent sign or
 * control byte gets.
 */
export function downloadDisposition(fileName: string): string {
  return contentDisposition(fileName, { fallback: fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_') });
}
