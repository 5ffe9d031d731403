import { describe, expect, it } from 'vitest';
import { parseSphinxTranscription } from '../../src/bench/wer.ts';
import { replaceSection, textTable } from '../../src/bench/report.ts';
import { wavHeader } from '../../src/bench/upload.ts';

const DOC = `# Performance

Intro paragraph.

## Diarization

Colleague's figures.
`;

describe('bench report: docs/PERFORMANCE.md sections', () => {
  it('adds a missing section at the end and the intro before the first heading, keeping the rest', () => {
    let doc = replaceSection(DOC, 'media:rtf', '## Media pipeline: RTF\n\nfirst');
    doc = replaceSection(doc, 'media:intro', 'how to reproduce', 'intro');
    expect(doc).toBe(`# Performance

Intro paragraph.

<!-- bench:media:intro:start -->
how to reproduce
<!-- bench:media:intro:end -->

## Diarization

Colleague's figures.

<!-- bench:media:rtf:start -->
## Media pipeline: RTF

first
<!-- bench:media:rtf:end -->
`);
  });

  it('replaces a section on rerun instead of appending a second copy', () => {
    const once = replaceSection(replaceSection(DOC, 'media:rtf', 'first'), 'media:wer', 'wer');
    const twice = replaceSection(once, 'media:rtf', 'second');
    expect(twice.match(/bench:media:rtf:start/g)).toHaveLength(1);
    expect(twice).toContain('second');
    expect(twice).not.toContain('first');
    expect(twice.indexOf('second')).toBeLessThan(twice.indexOf('wer\n'));
    expect(twice).toContain("Colleague's figures.");
    expect(replaceSection(twice, 'media:rtf', 'second')).toBe(twice);
  });
});

describe('bench helpers', () => {
  it('parses the sphinx transcription format', () => {
    expect(parseSphinxTranscription('<s> he was not an ill disposed young man </s> (clip-0880)\n\n')).toEqual([
      { id: 'clip-0880', reference: 'he was not an ill disposed young man' },
    ]);
  });

  it('writes a 16 kHz mono PCM WAV header', () => {
    const h = wavHeader(1000);
    expect(h.toString('latin1', 0, 4)).toBe('RIFF');
    expect(h.readUInt32LE(24)).toBe(16_000);
    expect(h.readUInt32LE(40)).toBe(1000);
  });

  it('aligns text tables', () => {
    expect(textTable(['a', 'bb'], [['abc', 1]])).toBe('a    bb\n---  --\nabc  1');
  });
});
