import type { MetaDescriptor } from 'react-router';
import type { CoursePage } from '#app/server/catalog.server.ts';
import { formatKes } from '#common/i18n/formatting.ts';
import type { Translate } from '#app/i18n/useT.ts';
import type { UiLocale } from '#common/i18n/uiLocale.ts';
import { openGraphLocale } from '#app/i18n/metaText.ts';

const DESCRIPTION_MAX = 200;

/**
 * Title, description and Open Graph / Twitter card tags, so a course link pasted into WhatsApp, X or
 * Facebook shows its picture, title and price. Link previews need absolute URLs.
 */
export function courseMeta(course: CoursePage, publicUrl: string, t: Translate, locale: UiLocale): MetaDescriptor[] {
  const url = `${publicUrl}/course/${course.id}`;
  const text =
    course.description.length > DESCRIPTION_MAX
      ? `${course.description.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`
      : course.description;
  const price = course.price === 0 ? t('meta.free') : formatKes(course.price);
  const description = t('meta.course.description', { price, creator: course.creatorName, text });
  const image = course.ogImage;
  return [
    { title: t('meta.pageTitle', { title: course.title }) },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: 'Darasa' },
    { property: 'og:title', content: course.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...openGraphLocale(locale),
    ...(image
      ? [
          { property: 'og:image', content: `${publicUrl}${image}` },
          { property: 'og:image:type', content: 'image/jpeg' },
          { property: 'og:image:width', content: '1200' },
          { property: 'og:image:height', content: '630' },
          { property: 'og:image:alt', content: course.title },
        ]
      : []),
    { property: 'product:price:amount', content: String(course.price) },
    { property: 'product:price:currency', content: 'KES' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: course.title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: `${publicUrl}${image}` }] : []),
  ];
}
