// The categories offered under a search that found nothing, in English and Kiswahili: links a person can
// follow to each category's page; nothing at all when there is nothing to offer.
import { I18nProvider } from '@lingui/react';
import { createRoutesStub, useParams } from 'react-router';
import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createI18n } from '#app/i18n/catalog.ts';
import type { Category } from '#common/catalog/categories.ts';
import { CategorySuggestions } from './CategorySuggestions.tsx';

async function show(locale: 'en' | 'sw', categories: Category[]) {
  const i18n = await createI18n(locale);
  const Stub = createRoutesStub([
    { path: '/search', Component: () => <CategorySuggestions categories={categories} /> },
    { path: '/category/:slug', Component: () => <h1>{useParams().slug}</h1> },
  ]);
  return render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={['/search']} />
    </I18nProvider>,
  );
}

test('offers the nearest categories as links, in English', async () => {
  const screen = await show('en', ['business', 'creative arts']);
  const nav = screen.getByRole('navigation', { name: 'Try a category' });
  await expect.element(nav).toBeVisible();
  expect(
    nav
      .getByRole('link')
      .all()
      .map((l) => l.element().textContent),
  ).toEqual(['Business', 'Creative Arts']);
  await userEvent.click(nav.getByRole('link', { name: 'Creative Arts' }));
  await expect.element(screen.getByRole('heading', { name: 'creative-arts' })).toBeVisible();
});

test('says it in Kiswahili', async () => {
  const screen = await show('sw', ['business', 'lifestyle']);
  const nav = screen.getByRole('navigation', { name: 'Jaribu kundi' });
  await expect.element(nav.getByRole('link', { name: 'Biashara' })).toHaveAttribute('href', '/category/business');
  await expect.element(nav.getByRole('link', { name: 'Mtindo wa Maisha' })).toBeVisible();
});

test('shows nothing when there is nothing to offer', async () => {
  const screen = await show('en', []);
  expect(screen.container.querySelector('nav')).toBeNull();
});
