import { describe, expect, it } from 'vitest';
import { markdownToText, parseMarkdown, type MdBlock, type MdInline } from '../src/index.ts';

const text = (value: string): MdInline => ({ type: 'text', text: value });
const para = (...children: MdInline[]): MdBlock => ({ type: 'paragraph', children });

describe('parseMarkdown blocks', () => {
  it('reads ATX headings of every level, closing hashes dropped', () => {
    expect(parseMarkdown('# One\n## Two ##\n###### Six\n#######seven\n#nospace')).toEqual([
      { type: 'heading', level: 1, children: [text('One')] },
      { type: 'heading', level: 2, children: [text('Two')] },
      { type: 'heading', level: 6, children: [text('Six')] },
      para(text('#######seven #nospace')),
    ]);
  });

  it('joins paragraph lines and separates paragraphs at blank lines', () => {
    expect(parseMarkdown('first line\nsecond line\n\n\nnext')).toEqual([para(text('first line second line')), para(text('next'))]);
  });

  it('reads bullet and numbered lists, nested by indentation', () => {
    const source = '- one\n- two\n  - nested *a*\n    continued\n  - nested b\n- three\n\n1. first\n2. second\n   1. sub';
    expect(parseMarkdown(source)).toEqual([
      {
        type: 'list',
        ordered: false,
        items: [
          [para(text('one'))],
          [
            para(text('two')),
            {
              type: 'list',
              ordered: false,
              items: [[para(text('nested '), { type: 'em', children: [text('a')] }, text(' continued'))], [para(text('nested b'))]],
            },
          ],
          [para(text('three'))],
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [[para(text('first'))], [para(text('second')), { type: 'list', ordered: true, items: [[para(text('sub'))]] }]],
      },
    ]);
    expect(parseMarkdown('* star\n* items')).toEqual([{ type: 'list', ordered: false, items: [[para(text('star'))], [para(text('items'))]] }]);
  });

  it('nests a bullet list indented under a numbered item by two spaces', () => {
    const [list] = parseMarkdown('1. Decisions\n  - ship Friday\n  - hire two people\n2. Risks');
    expect(list).toMatchObject({ type: 'list', ordered: true, items: [[{ type: 'paragraph' }, { type: 'list', ordered: false }], [{ type: 'paragraph' }]] });
  });

  it('does not read a year in a sentence as a list', () => {
    expect(parseMarkdown('It started in\n2019. Then it grew.')).toEqual([para(text('It started in 2019. Then it grew.'))]);
  });

  it('reads quotes, nested quotes and lazy continuation', () => {
    expect(parseMarkdown('> quoted **text**\nlazy\n>\n> > inner')).toEqual([
      {
        type: 'quote',
        children: [para(text('quoted '), { type: 'strong', children: [text('text')] }, text(' lazy')), { type: 'quote', children: [para(text('inner'))] }],
      },
    ]);
  });

  it('reads fenced code verbatim, marks and HTML included', () => {
    expect(parseMarkdown('```ts\nconst a = **1**;\n  <b>indented</b>\n```\nafter\n~~~\nunclosed')).toEqual([
      { type: 'code', text: 'const a = **1**;\n  <b>indented</b>' },
      para(text('after')),
      { type: 'code', text: 'unclosed' },
    ]);
  });

  it('reads rules', () => {
    expect(parseMarkdown('a\n\n---\n***\n_ _ _\nb')).toEqual([para(text('a')), { type: 'rule' }, { type: 'rule' }, { type: 'rule' }, para(text('b'))]);
  });

  it('reads GFM pipe tables, escaped pipes and ragged rows', () => {
    expect(parseMarkdown('Scores:\n| Name | Score |\n|:-----|------:|\n| **Ann** | 3 \\| 4 |\n| Bob |\n| a | b | extra |\n\nafter')).toEqual([
      para(text('Scores:')),
      {
        type: 'table',
        header: [[text('Name')], [text('Score')]],
        rows: [
          [[{ type: 'strong', children: [text('Ann')] }], [text('3 | 4')]],
          [[text('Bob')], []],
          [[text('a')], [text('b')]],
        ],
      },
      para(text('after')),
    ]);
    expect(parseMarkdown('| a | b |\n|---|\n| c |')[0]!.type).toBe('paragraph');
  });
});

describe('parseMarkdown inlines', () => {
  it('reads strong, emphasis, code and hard breaks', () => {
    expect(parseMarkdown('**bold** *em* _em_ `a * b` x  \ny\\\nz\nw')).toEqual([
      para(
        { type: 'strong', children: [text('bold')] },
        text(' '),
        { type: 'em', children: [text('em')] },
        text(' '),
        { type: 'em', children: [text('em')] },
        text(' '),
        { type: 'code', text: 'a * b' },
        text(' x'),
        { type: 'break' },
        text('y'),
        { type: 'break' },
        text('z w'),
      ),
    ]);
    expect(parseMarkdown('**a *b* c** snake_case_name \\*x\\*')).toEqual([
      para({ type: 'strong', children: [text('a '), { type: 'em', children: [text('b')] }, text(' c')] }, text(' snake_case_name *x*')),
    ]);
  });

  it('keeps http, https and mailto links only', () => {
    expect(parseMarkdown('[site](https://example.com "Title") [mail](mailto:a@b.org) [**b**](http://x.org/a_(b))')).toEqual([
      para({ type: 'link', href: 'https://example.com', children: [text('site')] }, text(' '), { type: 'link', href: 'mailto:a@b.org', children: [text('mail')] }, text(' '), {
        type: 'link',
        href: 'http://x.org/a_(b)',
        children: [{ type: 'strong', children: [text('b')] }],
      }),
    ]);
    expect(parseMarkdown('[click](javascript:alert(1)) [data](data:text/html,x) [rel](/path) [x] (y)')).toEqual([para(text('click data rel [x] (y)'))]);
  });

  it('leaves raw HTML as text', () => {
    expect(parseMarkdown('<script>alert("x")</script>\n\n<img src=x onerror=alert(1)>')).toEqual([
      para(text('<script>alert("x")</script>')),
      para(text('<img src=x onerror=alert(1)>')),
    ]);
  });

  it('leaves unmatched marks as written', () => {
    expect(parseMarkdown('*open `tick [bracket] **')).toEqual([para(text('*open `tick [bracket] **'))]);
  });
});

describe('markdownToText', () => {
  it('renders every block as plain text', () => {
    const source = '# Title\n\nSee [the site](https://e.org) and **this**.\n\n- a\n  - b\n1. c\n\n> q\n\n```\ncode\n```\n\n---\n\n| h1 | h2 |\n|---|---|\n| x | y |';
    expect(markdownToText(parseMarkdown(source))).toBe('Title\n\nSee the site (https://e.org) and this.\n\n- a\n  - b\n\n1. c\n\n> q\n\ncode\n\n---\n\nh1 | h2\nx | y');
  });
});

describe('parseMarkdown on hostile input', () => {
  const MB = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

  it.each([
    ['brackets', fill('[')],
    ['link starts', fill('[a](http://x ')],
    ['emphasis runs', fill('a*')],
    ['long star run', '*'.repeat(MB / 2) + 'x' + '*'.repeat(MB / 2)],
    ['backticks', fill('`a``b```c')],
    ['deep quotes', fill('> ')],
    ['deep lists', fill('- ')],
    ['list lines', fill('- a\n  ')],
    ['tables', fill('| a |\n|---|\n')],
    ['spaces', fill('a' + ' '.repeat(1000) + 'b\n')],
    ['heading spaces', `# ${fill(' ')}x`],
    ['mixed', fill('*[_`>|#- \n')],
  ])('parses 1 MB of %s in bounded time', (_name, source) => {
    const blocks = parseMarkdown(source);
    expect(markdownToText(blocks).length).toBeGreaterThan(0);
  });

  it('bounds nesting depth', () => {
    const [quote] = parseMarkdown('>'.repeat(1000) + ' deep');
    let depth = 0;
    let block: MdBlock | undefined = quote;
    while (block?.type === 'quote') {
      depth++;
      block = block.children[0];
    }
    expect(depth).toBeLessThanOrEqual(16);
    expect(block?.type).toBe('paragraph');
  });
});
