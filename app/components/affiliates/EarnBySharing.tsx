import { Link, useFetcher } from 'react-router';
import type { CourseReferral } from '#app/server/affiliates.server.ts';
import { useT } from '#app/i18n/useT.ts';
import '#app/styles/affiliates.css';

/**
 * "Earn by sharing" on a course offering affiliate sales (decision 0067), for a signed-in person who may
 * earn on it: the commission, "Get my link" once, then the link itself (selectable); the page's Share button
 * carries it from then on. The link's clicks, sales and earnings are on the affiliate page.
 */
export function EarnBySharing({ offer }: { offer: NonNullable<CourseReferral['offer']> }) {
  const { t } = useT();
  const fetcher = useFetcher<{ message?: string }>();
  return (
    <section className="earn-sharing" aria-labelledby="earn-sharing-title">
      <h2 id="earn-sharing-title">{t('affiliate.earnTitle')}</h2>
      <p>{t('affiliate.earnText', { percent: offer.percent })}</p>
      {offer.url ? (
        <div className="earn-link">
          <label htmlFor="referral-link">{t('affiliate.yourLink')}</label>
          <input id="referral-link" type="text" readOnly value={offer.url} onFocus={(e) => e.currentTarget.select()} />
          <p className="affiliate-muted">{t('affiliate.shareHint')}</p>
        </div>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="referral-link" />
          <button type="submit" className="btn btn-light" disabled={fetcher.state !== 'idle'}>
            {t('affiliate.getLink')}
          </button>
        </fetcher.Form>
      )}
      {fetcher.data?.message ? (
        <p className="affiliate-error" role="alert">
          {t(fetcher.data.message)}
        </p>
      ) : null}
      <p className="earn-more">
        <Link to="/affiliate">{t('affiliate.pageLink')}</Link>
      </p>
    </section>
  );
}
