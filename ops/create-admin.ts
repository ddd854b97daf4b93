// `npm run create-admin -- --email someone@example.com --first Ada --last Admin`: the first admin of an
// install without the demo seed (or a new set-password mail for an existing admin). The admin gets an
// unusable random password and a set-password mail through the outbox; with SMTP_URL set it is sent
// before this exits, otherwise it waits in mail_outbox until the portal runs with SMTP_URL.
import { parseArgs } from 'node:util';
import { createAdmin, createPortalApi, HttpError, serviceContext } from '@portal/api';

const { values } = parseArgs({
  options: { email: { type: 'string' }, first: { type: 'string', default: 'Admin' }, last: { type: 'string', default: '' } },
});
if (!values.email) {
  console.error('Usage: npm run create-admin -- --email someone@example.com [--first Ada] [--last Admin]');
  process.exit(2);
}

const app = await createPortalApi({ seedDemo: false, runJobs: false });
try {
  const { contactId, created } = await createAdmin(serviceContext(app), { email: values.email, firstName: values.first, lastName: values.last });
  console.log(`${created ? 'Created' : 'Found'} admin ${values.email} (contact ${contactId}); the set-password mail is queued.`);
  if (app.mailTransport) {
    const sent = await app.jobs.drain();
    console.log(sent.sent > 0 ? 'Mail sent.' : 'The SMTP server did not take the mail yet; the portal retries it.');
  } else {
    console.log('SMTP_URL is not set: the mail waits in the mail_outbox table until the portal runs with SMTP_URL.');
  }
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  await app.close();
}
