import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isSafeHref, renderMarkdown, renderMarkdownTree } from './render.tsx';

const html = (source: string, headingOffset = 0) => renderToStaticMarkup(createElement(Fragment, null, ...renderMarkdown(source, { headingOffset })));

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, emphasis, lists, quotes, code and rules as elements', () => {
    const out = html('# Minutes\n\nThe **budget** was _adopted_ with `42` votes.\n\n- first\n- second\n\n1. one\n2. two\n\n> quoted\n\n```\ncode <b>\n```\n\n---');
    expect(out).toContain('<h1>Minutes</h1>');
    expect(out).toContain('<p>The <strong>budget</strong> was <em>adopted</em> with <code>42</code> votes.</p>');
    expect(out).toMatch(/<ul><li>(<p>)?first(<\/p>)?<\/li><li>(<p>)?second(<\/p>)?<\/li><\/ul>/);
    expect(out).toMatch(/<ol><li>(<p>)?one(<\/p>)?<\/li>/);
    expect(out).toMatch(/<blockquote>(<p>)?quoted(<\/p>)?<\/blockquote>/);
    expect(out).toContain('<pre><code>code &lt;b&gt;</code></pre>');
    expect(out).toContain('<hr/>');
  });

  it('moves headings under the page\u2019s own, never below the sixth level', () => {
    expect(html('# Title\n\n###### Deep', 2)).toMatch(/<h3>Title<\/h3>.*<h6>Deep<\/h6>/s);
  });

  it('keeps raw HTML as text: an image with an error handler is never an element', () => {
    const out = html('Hello <img src=x onerror="alert(1)"> and <script>alert(2)</script>');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script');
    expect(out).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(out).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('opens safe links in a new tab without a hold on the page, and never makes a javascript: link clickable', () => {
    const out = html('[site](https://example.org/a) and [bad](javascript:alert(1)) and [mail](mailto:a@example.org)');
    expect(out).toContain('<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">site</a>');
    expect(out).toContain('<a href="mailto:a@example.org" target="_blank" rel="noopener noreferrer">mail</a>');
    expect(out).not.toMatch(/href="javascript:/i);
    expect(out).toContain('bad');
  });

  it('renders a link of a tree made elsewhere only when its address is safe', () => {
    const tree = [{ type: 'paragraph' as const, children: [{ type: 'link' as const, href: ' JavaScript:alert(1)', children: [{ type: 'text' as const, text: 'x' }] }] }];
    const out = renderToStaticMarkup(createElement(Fragment, null, ...renderMarkdownTree(tree)));
    expect(out).toBe('<p><span>x</span></p>');
    expect(isSafeHref('http://example.org')).toBe(true);
    expect(isSafeHref('data:text/html,<b>')).toBe(false);
  });

  it('renders tables with column headers', () => {
    const out = html('| Item | Decision |\n| --- | --- |\n| Budget | Adopted |');
    expect(out).toContain('<th scope="col">Item</th>');
    expect(out).toContain('<td>Adopted</td>');
  });
});
