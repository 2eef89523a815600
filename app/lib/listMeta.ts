import type { MetaDescriptor } from 'react-router';
import type { UiLocale } from '#common/i18n/uiLocale.ts';
import { openGraphLocale } from '#app/i18n/metaText.ts';

/**
 * Title, description, canonical link and the Open Graph card of a public list page (landing, category,
 * creator). `image` is a JPEG path (link previews such as WhatsApp's do not take WebP).
 */
export function listMeta(p: {
  title: string;
  description: string;
  publicUrl: string;
  path: string;
  image: string | null;
  locale: UiLocale;
}): MetaDescriptor[] {
  const url = `${p.publicUrl}${p.path}`;
  return [
    { title: p.title },
    { name: 'description', content: p.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Darasa' },
    { property: 'og:title', content: p.title },
    { property: 'og:description', content: p.description },
    { property: 'og:url', content: url },
    ...openGraphLocale(p.locale),
    ...(p.image
      ? [
          { property: 'og:image', content: `${p.publicUrl}${p.image}` },
          { property: 'og:image:type', content: 'image/jpeg' },
          { property: 'og:image:width', content: '1200' },
          { property: 'og:image:height', content: '630' },
        ]
      : []),
    { name: 'twitter:card', content: p.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: p.title },
    { name: 'twitter:description', content: p.description },
    ...(p.image ? [{ name: 'twitter:image', content: `${p.publicUrl}${p.image}` }] : []),
  ];
}
