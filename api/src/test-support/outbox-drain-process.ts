// A separate API process for mail-sender.processes.test.ts: opens the given database, and on 'drain'
// sends everything due through a transport that reports each outbox id to the test, then exits.
import { createPortalApi } from '../create-portal-api';
import type { OutgoingMail } from '../plugins/mail';

const sent: number[] = [];
const app = await createPortalApi({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
  seedDemo: false,
  runJobs: false,
  mailTransport: {
    async sendMail(mail: OutgoingMail) {
      // A little time per message, so the processes' claims interleave.
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(Number(mail.headers['X-Portal-Outbox-Id']));
    },
  },
});
process.on('message', (message) => {
  if (message !== 'drain') return;
  void app.jobs.drain().then(async (summary) => {
    process.send?.({ sent, summary });
    await app.close();
    process.exit(0);
  });
});
process.send?.('ready');
