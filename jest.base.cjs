// Shared Jest settings: every workspace's jest.config.cjs spreads this, so each suite also runs alone.
const esmPackages = [
  'remark-.*', 'rehype-.*', 'unified', 'bail', 'is-plain-obj', 'trough', 'vfile.*',
  'unist-.*', 'mdast-.*', 'hast-.*', 'micromark.*', 'decode-named-character-reference',
  'character-entities.*', 'property-information', 'space-separated-tokens', 'comma-separated-tokens',
  'zwitch', 'longest-streak', 'ccount', 'escape-string-regexp', 'markdown-table', 'trim-lines',
  'html-url-attributes', 'devlop', 'estree-util-.*', 'stringify-entities', 'html-void-elements',
  'web-namespaces', 'react-markdown', 'lucide-react',
  // ESM-only dependencies of msw (the test kit's mock API).
  'rettime', 'until-async', '@open-draft/.*',
  // FormatJS (message catalogues: @portal/i18n).
  'intl-messageformat', '@formatjs/.*',
];
module.exports = {
  transform: {
    '^.+\\.(t|m?j)sx?$': ['@swc/jest', {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
      module: { type: 'commonjs' },
    }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json', 'cjs', 'mjs'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Two test files at a time (Jest's default is one fewer than the cores: one on CI's two): a suite's
  // files wait on timers, renders and I/O, and two at a time took a remote's suite from 37 to 28 s.
  maxWorkers: 2,
};
// For a workspace that sets transformIgnorePatterns of its own (api); not enumerable, so `...base` leaves it out.
Object.defineProperty(module.exports, 'esmPackages', { value: esmPackages, enumerable: false });
