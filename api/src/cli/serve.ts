// Standalone API for front-end development: `npx tsx api/src/cli/serve.ts` (PORT, DATABASE_URL, DATA_DIR).
import { configurationSummary } from '../configuration-summary';
import { createPortalApi } from '../create-portal-api';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../db/seed/demo-data';
import { stopGracefully } from '../shutdown';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const app = await createPortalApi({ logger: true });
await app.listen({ port, host });
console.log(`\n${configurationSummary(app.config, { workers: 1 })}\n`);
console.log(`API on http://${host}:${port}/api (docs: /api/docs)`);
if (app.config.seedDemo) console.log(`Demo logins (password ${DEMO_PASSWORD}): ${Object.values(DEMO_LOGINS).join(', ')}`);

// SIGTERM/SIGINT: drain and exit within 10 s (docs/operations.md#stopping-restarting-and-upgrading).
stopGracefully(app);
