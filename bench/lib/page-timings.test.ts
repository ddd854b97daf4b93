import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { differenceCell, markdownTable, medianCell, noteSnippet, pageWatchScript } from './page-timings.js';
import { PHONE_NETWORK, profilesNamed } from './throttle.js';

// What measure:screens reads and prints (bench/measure-first-screens.ts): the words it waits for in a note, the
// medians with the samples that never came, the difference of two portals, and the profiles.

describe('noteSnippet', () => {
  it('takes the longest plain run of a Markdown note, without its marks', () => {
    assert.equal(noteSnippet('## Update\n\nThe **checkout** now works on Safari 17 and later.'), 'now works on Safari 17 and later.');
    assert.equal(noteSnippet('- Please keep the current look\n- Tell us'), 'Please keep the current look');
    assert.equal(noteSnippet('See [the page](https://example.test/a) for the whole story'), 'for the whole story');
  });

  it('cuts a long run at a word, at most 60 characters', () => {
    const snippet = noteSnippet('Thanks, on it. I will post an update here as soon as the new build is deployed to staging.');
    assert.ok(snippet.length <= 60);
    assert.equal(snippet, 'Thanks, on it. I will post an update here as soon as the');
  });

  it('is empty for a note without words', () => {
    assert.equal(noteSnippet('---\n\n***'), '');
  });
});

describe('medianCell', () => {
  it('is the median of the samples, in the unit', () => {
    assert.equal(medianCell([1200.4, 900, 1500], 'ms'), '1,200 ms');
    assert.equal(medianCell([0.0123, 0.2, 0], 'cls'), '0.012');
    assert.equal(medianCell([300_000, 290_000], 'KB'), '293 KB');
  });

  it('says when no sample came, and how many did not', () => {
    const missing = { failure: 'not within 60 s' };
    assert.equal(medianCell([missing, missing], 'ms'), 'not within 60 s');
    assert.equal(medianCell([812, missing, 700], 'ms'), '812 ms (1 of 3 not within 60 s)');
    assert.equal(medianCell([], 'ms'), '-');
  });
});

describe('differenceCell', () => {
  it('is after minus before, signed', () => {
    assert.equal(differenceCell([1000, 1100, 1200], [400, 500], 'ms'), '−600 ms');
    assert.equal(differenceCell([0.01], [0.05], 'cls'), '+0.040');
    assert.equal(differenceCell([500], [500], 'ms'), '±0 ms');
  });

  it('is a dash when either side has no value', () => {
    assert.equal(differenceCell([{ failure: 'not within 60 s' }], [500], 'ms'), '-');
  });
});

describe('markdownTable', () => {
  it('aligns the first column left and the figures right', () => {
    assert.equal(markdownTable(['screen', 'cold'], [['ticket page', '1 ms']]), '| screen | cold |\n| --- | ---: |\n| ticket page | 1 ms |');
  });
});

describe('pageWatchScript', () => {
  it('is one expression that starts watching for the initial target', () => {
    const script = pageWatchScript({ what: 'a title', texts: ['Say "hi"'], within: 'main' });
    assert.match(script, /^\(\(\) => \{[\s\S]*\}\)\(\);$/);
    assert.ok(script.includes('{"what":"a title","texts":["Say \\"hi\\""],"within":"main"}'));
    assert.doesNotThrow(() => new Function(script));
  });
});

describe('profilesNamed', () => {
  it('is desktop and phone by default, in the order asked for', () => {
    assert.deepEqual(profilesNamed(undefined).map((profile) => profile.name), ['desktop', 'phone']);
    assert.deepEqual(profilesNamed('phone, desktop').map((profile) => profile.name), ['phone', 'desktop']);
    assert.throws(() => profilesNamed('tablet'), /Unknown profile "tablet"/);
  });

  it('throttles the phone as Lighthouse does: 4x CPU, 150 ms, 1.6 Mbps down and 750 Kbps up times 0.9', () => {
    const [phone] = profilesNamed('phone');
    assert.equal(phone!.cpuSlowdown, 4);
    assert.deepEqual(PHONE_NETWORK, { latency: 150, downloadThroughput: 184_320, uploadThroughput: 84_375 });
    assert.deepEqual(phone!.context, { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  });
});
