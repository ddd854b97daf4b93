import { MAIL_IN_FILES_MAX, notAttachedLine } from '@portal/domain';
import { checkReceivedFile, type ReceivedFile } from '../attachment-uploads';

// The files of a mail (docs/product/notifications-and-mail.md#the-note): each goes through the upload's own checks
// (allowed type, size limit, content); a refused one is named at the end of the note with the upload's reason.

/** A file as the MIME parser hands it. */
export interface MailFile {
  filename?: string | undefined;
  content: Buffer;
}

/** The files to attach, and a line for each one that is not. */
export function sortMailFiles(files: readonly MailFile[], maxBytes: number): { accepted: ReceivedFile[]; notAttached: string[] } {
  const accepted: ReceivedFile[] = [];
  const notAttached: string[] = [];
  for (const file of files) {
    const checked = checkReceivedFile(file.filename ?? '', file.content, maxBytes);
    if ('refused' in checked) {
      notAttached.push(notAttachedLine(checked.name, checked.refused));
    } else if (accepted.length >= MAIL_IN_FILES_MAX) {
      notAttached.push(notAttachedLine(checked.file.name, `at most ${MAIL_IN_FILES_MAX} files of one mail are attached`));
    } else {
      accepted.push(checked.file);
    }
  }
  if (notAttached.length > MAIL_IN_FILES_MAX) {
    const more = notAttached.length - MAIL_IN_FILES_MAX;
    notAttached.splice(MAIL_IN_FILES_MAX, more, `Not attached: ${more} more files.`);
  }
  return { accepted, notAttached };
}
