import { useNavigation } from 'react-router';
import { useT } from '#app/i18n/useT.ts';

/** Shown over the current page while a client-side navigation to a course page loads its data. */
export function NavigationStatus() {
  const navigation = useNavigation();
  const { t } = useT();
  if (navigation.state !== 'loading' || !navigation.location.pathname.startsWith('/course/')) return null;
  return (
    <div className="nav-status" role="status">
      <div className="spinner" aria-hidden="true" />
      <p>{t('nav.loadingCourse')}</p>
    </div>
  );
}
