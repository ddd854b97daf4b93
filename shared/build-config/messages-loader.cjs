// A part's message catalogue (src/messages/<language>.json, docs/decisions/0024-message-catalogues.md) compiled
// at build time: each ICU message with arguments, plurals or tags becomes its syntax tree (plain text stays text), so browsers format messages without shipping a
// parser (the builds alias @formatjs/icu-messageformat-parser to its no-parser entry).
const PLAIN_TEXT = /^[^{}<'#]*$/;

module.exports = function compileMessages(source) {
  const done = this.async();
  import('@formatjs/icu-messageformat-parser').then(({ parse }) => {
    const catalogue = JSON.parse(source);
    const compiled = {};
    for (const [key, message] of Object.entries(catalogue)) {
      if (typeof message !== 'string') throw new Error(`${this.resourcePath}: "${key}" is not a message`);
      const tree = parse(message);
      // A message with no ICU syntax character stays text (smaller than its tree): the translator shows such a
      // text as it is (createTranslator in shared/i18n/src/index.ts, the same test).
      compiled[key] = PLAIN_TEXT.test(message) ? message : tree;
    }
    done(null, `export default ${JSON.stringify(compiled)};`);
  }).catch((error) => done(error));
};
