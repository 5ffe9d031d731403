import { describe, expect, it } from 'vitest';
import { cleanPocketsphinxToken, parsePocketsphinxLine, parsePocketsphinxOutput, pocketsphinxArgs } from '../src/pocketsphinx/cli.ts';
import { POCKETSPHINX_DEBIAN_DEFAULTS } from '../src/pocketsphinx/config.ts';

// Real output of pocketsphinx_continuous -time yes (Debian 0.8+5prealpha) on jfk-en.wav, first two utterances.
const OUTPUT = `and then our my arm arrow
<s> 0.000 0.040 0.998900
and 0.050 0.160 0.032758
then 0.170 0.670 0.213530
our(3) 0.680 0.980 0.207841
my 0.990 1.280 0.942323
arm 1.290 1.750 0.121281
arrow 1.760 2.300 0.000685
</s> 2.310 2.440 1.000000
and not
<s> 3.170 3.280 1.000300
and(2) 3.290 3.730 0.985603
<sil> 3.740 3.980 0.828680
not 3.990 4.300 0.817730
[NOISE] 4.300 4.310 0.5
</s> 4.310 4.760 1.000000
`;

describe('PocketSphinx output', () => {
  it('builds the command with the Debian model paths', () => {
    expect(pocketsphinxArgs({ ...POCKETSPHINX_DEBIAN_DEFAULTS }, '/tmp/a.wav')).toEqual([
      '-infile',
      '/tmp/a.wav',
      '-time',
      'yes',
      '-hmm',
      '/usr/share/pocketsphinx/model/en-us/en-us',
      '-dict',
      '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
      '-lm',
      '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
    ]);
  });

  it('parses timed lines only', () => {
    expect(parsePocketsphinxLine('can(2) 6.430 6.670 0.028595')).toEqual({ token: 'can(2)', stime: 6.43, etime: 6.67, probability: 0.028595 });
    expect(parsePocketsphinxLine('and then our my arm arrow')).toBeNull();
    expect(parsePocketsphinxLine('')).toBeNull();
    expect(parsePocketsphinxLine('x 1.0 2.0 1e-05')?.probability).toBe(0.00001);
  });

  it('drops fillers and pronunciation variants', () => {
    expect(['<s>', '</s>', '<sil>', '[NOISE]', '[SPEECH]', '++LAUGH++', '+BREATH+'].map(cleanPocketsphinxToken)).toEqual(Array(7).fill(null));
    expect(cleanPocketsphinxToken('our(3)')).toBe('our');
    expect(cleanPocketsphinxToken("don't")).toBe("don't");
  });

  it('gives words with times (end = last frame end) and clamped confidences', () => {
    const { words, decodedSeconds } = parsePocketsphinxOutput(OUTPUT);
    expect(words.map((w) => w.word)).toEqual(['and', 'then', 'our', 'my', 'arm', 'arrow', 'and', 'not']);
    expect(words[0]).toEqual({ word: 'and', stime: 0.05, etime: 0.17, confidence: 0.033 });
    expect(words[6]).toEqual({ word: 'and', stime: 3.29, etime: 3.74, confidence: 0.986 });
    expect(decodedSeconds).toBe(4.76);
    for (let i = 1; i < words.length; i++) expect(words[i]!.stime).toBeGreaterThanOrEqual(words[i - 1]!.etime);
  });

  it('keeps times inside the media duration', () => {
    const { words } = parsePocketsphinxOutput('end 10.900 10.995 0.9\n', 11);
    expect(words[0]!.etime).toBe(11);
  });
});
