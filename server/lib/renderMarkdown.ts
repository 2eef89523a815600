import MarkdownIt from 'markdown-it';

// A text lesson's Markdown as HTML safe to put in a page (decision 0054). Raw HTML is off, so `<script>`,
// `<iframe>` and `<style>` come out as text; every URL passes `allowedLink` (and an image `allowedImage`)
// or the link is not made; markdown-it escapes every attribute it writes, so nothing can break out of one.

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** http(s), mailto and URLs of this site (relative, no scheme); never javascript:, data:, vbscript:, file:… */
export function allowedLink(url: string): boolean {
  const scheme = SCHEME.exec(url.trim())?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/** Pictures from an https address or from this site's own media (/media/…); not http, data: or elsewhere here. */
export function allowedImage(url: string): boolean {
  return /^https:\/\//i.test(url) || /^\/media\/[^/]/.test(url);
}

/** A link that leaves the site (an absolute or protocol-relative http(s) address). */
const isOutside = (url: string): boolean => /^(https?:)?\/\//i.test(url);

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
md.validateLink = allowedLink;

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  if (isOutside(String(token.attrGet('href') ?? ''))) token.attrSet('rel', 'noopener nofollow ugc');
  return self.renderToken(tokens, idx, options);
};

md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  if (!allowedImage(String(token.attrGet('src') ?? ''))) return md.utils.escapeHtml(alt);
  token.attrSet('alt', alt);
  token.attrSet('loading', 'lazy');
  token.attrSet('decoding', 'async');
  return self.renderToken(tokens, idx, options);
};

/** The sanitised HTML of a text lesson's Markdown. */
export function renderMarkdown(markdown: string): string {
  return md.render(markdown);
}
