const base = require('../jest.base.cjs');

// `cookie` 2.x is ESM-only, required by light-my-request (app.inject) and loaded by @fastify/cookie
// with a dynamic import(). Jest's CommonJS runtime can do neither, so both are compiled by swc like
// our own sources (swc turns the dynamic import into a require). content-disposition (ESM-only)
// comes in through @fastify/static under @fastify/swagger-ui. The Markdown pipeline of mail (unified,
// remark-*) is ESM-only too: base.esmPackages lists it and its dependencies.
// otplib's base32 and hashes (@scure/base, @noble/hashes) are ESM-only too (account security's authenticator app).
const esmOnly = ['cookie', '@fastify/cookie', 'content-disposition', '@scure/base', '@noble/hashes', ...base.esmPackages];

module.exports = {
  ...base,
  testEnvironment: 'node',
  testTimeout: 30000,
  // Each file has a database of its own, so two run at a time (SQLite 291 → 186 s on two cores). On
  // PostgreSQL each worker has its own database and each test a schema in it
  // (src/test-support/postgres-workers.ts).
  globalSetup: '<rootDir>/src/test-support/postgres-workers.ts',
  setupFiles: ['<rootDir>/src/test-support/postgres-worker-env.ts'],
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
};
