// A part's message catalogue (src/messages/<language>.json, docs/decisions/0024-message-catalogues.md) compiled
// at build time: each ICU message becomes its syntax tree, so browsers format messages without shipping a
// parser (the builds alias @formatjs/icu-messageformat-parser to its no-parser entry).
module.exports = function compileMessages(source) {
  const done = this.async();
  import('@formatjs/icu-messageformat-parser').then(({ parse }) => {
    const catalogue = JSON.parse(source);
    const compiled = {};
    for (const [key, message] of Object.entries(catalogue)) {
      if (typeof message !== 'string') throw new Error(`${this.resourcePath}: "${key}" is not a message`);
      compiled[key] = parse(message);
    }
    done(null, `export default ${JSON.stringify(compiled)};`);
  }).catch((error) => done(error));
};
