const test = require('node:test');
const assert = require('node:assert');
const compileMessages = require('./messages-loader.cjs');

function run(source) {
  return new Promise((resolve, reject) => {
    compileMessages.call({ resourcePath: 'mfe-x/src/messages/en.json', async: () => (error, out) => (error ? reject(error) : resolve(out)) }, source);
  });
}

test('a catalogue compiles to syntax trees a browser formats without a parser; plain text stays text', async () => {
  const out = await run(JSON.stringify({ 'a.count': '{count, plural, one {# ticket} other {# tickets}}', 'a.title': 'Tickets', 'a.quote': "Don't" }));
  const compiled = JSON.parse(out.replace(/^export default /, '').replace(/;$/, ''));
  assert.strictEqual(compiled['a.title'], 'Tickets');
  assert.deepStrictEqual(compiled['a.quote'], [{ type: 0, value: "Don't" }]);
  assert.strictEqual(compiled['a.count'][0].value, 'count');
});

test('a message that is not text, or not ICU, fails the build with its key', async () => {
  await assert.rejects(run(JSON.stringify({ 'a.bad': 3 })), /"a\.bad" is not a message/);
  await assert.rejects(run(JSON.stringify({ 'a.broken': '{count' })));
});
