import { describe, expect, it } from 'vitest';
import { parseHighlight } from './Highlight.tsx';

describe('parseHighlight', () => {
  it('splits on <mark> tags and decodes the escaped text', () => {
    expect(parseHighlight('ask not &amp; <mark>country</mark> can do &lt;b&gt;')).toEqual([
      { text: 'ask not & ', marked: false },
      { text: 'country', marked: true },
      { text: ' can do <b>', marked: false },
    ]);
  });

  it('keeps any other markup as plain text', () => {
    expect(parseHighlight('<img src=x onerror=alert(1)><MARK>hi</MARK>')).toEqual([
      { text: '<img src=x onerror=alert(1)>', marked: false },
      { text: 'hi', marked: true },
    ]);
  });

  it('decodes numeric entities and leaves unknown ones', () => {
    expect(parseHighlight('&#233;t&#xE9; &bogus;')).toEqual([{ text: 'été &bogus;', marked: false }]);
  });
});
