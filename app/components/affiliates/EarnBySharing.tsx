import { useFetcher } from 'react-router';
import type { CourseReferral } from '#app/server/affiliates.server.ts';
import { useT } from '#app/i18n/useT.ts';
import { ShareButton } from '../ShareButton.tsx';
import '#app/styles/affiliates.css';

/**
 * "Earn by sharing" on a course offering affiliate sales (decision 0067), for a signed-in person who may
 * earn on it: the commission, "Get my link" once, then the link itself (selectable) and the share button
 * carrying it. The link's clicks, sales and earnings are on the affiliate page.
 */
export function EarnBySharing({
  offer,
  title,
  text,
}: {
  offer: NonNullable<CourseReferral['offer']>;
  title: string;
  text: string;
}) {
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
          <ShareButton url={offer.url} title={title} text={text} />
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
        <a href="/affiliate">{t('affiliate.pageLink')}</a>
      </p>
    </section>
  );
}
