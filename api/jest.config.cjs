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
  // Each file has its own database, so two run at a time on SQLite (291 → 186 s on two cores). On
  // PostgreSQL one at a time: each file is a schema of the one database, and Kysely's migrator lists
  // the tables of every schema, which fails when another file drops its schema meanwhile.
  maxWorkers: /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '') ? 1 : 2,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
};
