import { describe, expect, it } from 'vitest';
import { allowedImage, allowedLink, renderMarkdown } from './renderMarkdown.ts';

describe('renderMarkdown', () => {
  it('renders ordinary Markdown', () => {
    const html = renderMarkdown('# Salamu\n\nHabari **yako**?\n\n- moja\n- mbili\n\n[Kozi](/course/abc)');
    expect(html).toContain('<h1>Salamu</h1>');
    expect(html).toContain('<strong>yako</strong>');
    expect(html).toContain('<li>mbili</li>');
    expect(html).toContain('<a href="/course/abc">Kozi</a>');
  });

  it('keeps raw HTML as text: no script, iframe, style or event handler reaches the page', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<iframe src="https://evil.example"></iframe>\n\n<style>body{display:none}</style>\n\n<img src=x onerror=alert(1)>\n\nInline <b onclick="x()">bold</b>',
    );
    expect(html).not.toMatch(/<(script|iframe|style|img|b)\b/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;iframe');
  });

  it('makes no link of javascript:, vbscript:, data: or file: addresses, however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '&#106;avascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
    ]) {
      const html = renderMarkdown(`[click](${href}) <${href}>`);
      expect(html, href).not.toContain('<a');
    }
    // An escaped control character leaves no scheme at all: a harmless relative address, never script.
    expect(renderMarkdown('[z](java&#x09;script:alert(1))')).not.toMatch(/href="javascript:/i);
  });

  it('marks links that leave the site noopener nofollow ugc; links inside the site stay plain', () => {
    const html = renderMarkdown(
      '[a](https://example.com) [b](http://example.com) [c](//example.com) [d](/learn/x/2) [e](mailto:a@b.co)',
    );
    expect(html.match(/rel="noopener nofollow ugc"/g)).toHaveLength(3);
    expect(html).toContain('<a href="/learn/x/2">d</a>');
    expect(html).toContain('<a href="mailto:a@b.co">e</a>');
  });

  it('shows only https pictures and the site’s own media, lazily; others leave their words', () => {
    const html = renderMarkdown(
      '![ok](https://example.com/a.png) ![own](/media/abc/w640.webp) ![plain](http://example.com/a.png) ![inline](data:image/png;base64,AAAA) ![there](/admin/x.png)',
    );
    expect(html).toContain('<img src="https://example.com/a.png" alt="ok" loading="lazy" decoding="async">');
    expect(html).toContain('<img src="/media/abc/w640.webp" alt="own" loading="lazy" decoding="async">');
    expect(html.match(/<img/g)).toHaveLength(2);
    expect(html).toContain('plain');
    expect(html).not.toContain('src="data:');
  });

  it('escapes attribute injection in titles, addresses and alt text', () => {
    const html = renderMarkdown(
      '[t](https://example.com "x\\" onmouseover=\\"alert(1)") ![a" onerror="alert(1)](https://example.com/p.png) [u](https://example.com/"onclick="alert(1))',
    );
    expect(html).not.toMatch(/" on(mouseover|error|click)=/);
    expect(html).toContain('&quot;');
  });

  it('decides addresses the same way for the form and the page', () => {
    expect(allowedLink('https://a.co')).toBe(true);
    expect(allowedLink('relative/page')).toBe(true);
    expect(allowedLink(' javascript:x')).toBe(false);
    expect(allowedImage('https://a.co/p.png')).toBe(true);
    expect(allowedImage('//a.co/p.png')).toBe(false);
  });
});
