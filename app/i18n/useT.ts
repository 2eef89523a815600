import { useLingui } from '@lingui/react';
import type { UiLocale } from '#common/i18n/uiLocale.ts';

export type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * The page's translator and language: `t('course.episodes', { count })` looks the id up in the
 * language's catalogue (app/locales/*.po; how to add a message: docs/architecture.md#languages).
 */
export function useT(): { t: Translate; locale: UiLocale } {
  const { i18n } = useLingui();
  return { t: (id, values) => i18n._(id, values), locale: i18n.locale as UiLocale };
}
