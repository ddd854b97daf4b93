// One lint config for the whole workspace. The `no-restricted-imports` blocks below are the
// dependency rules of STYLE.md: each message says where the code belongs instead.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['mfe-auth', 'mfe-tickets', 'mfe-dashboards', 'mfe-companies', 'mfe-admin', 'mfe-billing'];

const portalSubpath = {
  regex: '^@portal/[a-z-]+/.+',
  message: 'Import @portal packages from their root only: a subpath is a separate federation share key.',
};
const otherAppSource = {
  regex: `^(\\.\\./)+(${[...remotes, 'shell'].join('|')})(/|$)|^(${[...remotes, 'shell'].join('|')})(/|$)`,
  message: "A remote never imports another app's source. Embed its exposed component at run time through federation, or move the shared code into a @portal/* package.",
};
const apiSource = {
  regex: '^(\\.\\./)+api(/|$)|^@portal/api$',
  message: 'Front-end code talks to the API over HTTP through @portal/api-client, never by importing the server.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/coverage/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'shared/ui/src/**/*.{ts,tsx}', 'shared/api-client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['shared/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(?!\\.{1,2}/)',
          message: '@portal/domain is pure TypeScript and imports nothing but its own files: put I/O in the API and React in @portal/ui.',
        }],
      }],
    },
  },
  {
    files: ['shared/*/src/**/*.{ts,tsx}'],
    ignores: ['shared/domain/src/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          portalSubpath,
          apiSource,
          {
            regex: `^(\\.\\./)+(${[...remotes, 'shell'].join('|')})(/|$)|^(${[...remotes, 'shell'].join('|')})(/|$)`,
            message: 'Shared packages never import a remote or the shell: they are what the apps build on.',
          },
        ],
      }],
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [portalSubpath, otherAppSource, apiSource] }] },
  },
  {
    files: ['api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          portalSubpath,
          {
            regex: `^(react|react-dom|@chakra-ui/.*|swr|zustand|@portal/(ui|session|api-client))$|^(\\.\\./)+(${[...remotes, 'shell'].join('|')})(/|$)`,
            message: 'The API is a server: it uses @portal/domain and @portal/contract only, never browser code.',
          },
        ],
      }],
    },
  },
);
