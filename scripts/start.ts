import { createPortalApi } from '@portal/api';
import { ensureBuilt } from './lib/ensure-built.js';
import { precompressDir } from './lib/precompress.mjs';
import { runtimeLayout } from './lib/paths.js';
import { registerFrontEnd } from './lib/serve-front-end.js';

const DEMO_LOGINS = ['admin@demo.test', 'agent@demo.test', 'client@demo.test'];

async function main(): Promise<void> {
  const started = performance.now();
  const layout = runtimeLayout();
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';

  const built = await ensureBuilt(layout, (line) => console.log(line));

  const app = await createPortalApi({ seedDemo: true });
  await registerFrontEnd(app, layout);
  await app.listen({ port, host });

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nSupport portal ready in ${seconds} s: http://localhost:${port}`);
  if (process.env.NODE_ENV !== 'production') {
    console.log(`Demo logins (password portal-demo): ${DEMO_LOGINS.join(', ')}`);
  }

  if (built.length > 0) {
    // Until these finish, the same files go out compressed on the fly.
    Promise.all(built.map((dir) => precompressDir(dir))).then(
      () => console.log('Precompressed the new builds (.br/.gz).'),
      (error: unknown) => console.warn('Precompressing the new builds failed; serving them compressed on the fly.', error),
    );
  }

  const stop = (): void => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
