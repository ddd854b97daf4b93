import { config } from 'zod/mini';

// In the browser the portal runs under a Content Security Policy without 'unsafe-eval' (docs/architecture.md#security):
// zod must not compile parsers through `new Function`, nor probe whether it may (the browser reports
// the probe as a violation although zod catches the refusal). An object schema reads this setting
// when it is built, so index.ts and remotes.ts import this module before any schema. The API keeps compiled parsers.
if ('document' in globalThis) config({ jitless: true });
