/** One message as the job runner hands it to the transport (nodemailer's sendMail options). */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text?: string;
  html?: string;
  /** Stable per outbox row: a receiver can drop a copy if a send is ever repeated. */
  messageId: string;
  headers: Record<string, string>;
}

/** What sends: nodemailer's SMTP transport (plugins/mail.ts), or a recording one in tests. */
export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
  close?(): void;
}
