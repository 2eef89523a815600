import { Link } from 'react-router';
import { useT } from '#app/i18n/useT.ts';

/** The landing page before any course is published. */
export function EmptyMarketplace() {
  const { t } = useT();
  return (
    <section className="hero hero-empty" aria-labelledby="pitch-title">
      <div className="hero-text">
        <h1 id="pitch-title">{t('empty.pitch.title')}</h1>
        <p className="hero-description">{t('empty.pitch.text')}</p>
        <div className="hero-actions">
          <Link className="btn btn-primary" to="/register">
            {t('empty.pitch.start')}
          </Link>
          <Link className="btn btn-ghost" to="/login">
            {t('topbar.signIn')}
          </Link>
        </div>
        <p className="empty">{t('empty.noCourses')}</p>
        <p className="empty-hint">
          {t('empty.creatorHint')} <Link to="/register?role=creator">{t('empty.creatorLink')}</Link>{' '}
          {t('empty.creatorRest')}
        </p>
      </div>
    </section>
  );
}
