import { useState } from 'react';
import { Link } from 'react-router';
import { type BundlePage as Bundle, loadBundlePage } from '#app/server/bundles.server.ts';
import { creatorPath } from '#common/catalog/categories.ts';
import { CourseCard } from '../components/CourseCard.tsx';
import { PurchaseAction } from '../components/purchase/PurchaseAction.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { useFormat } from '../i18n/useFormat.ts';
import { metaT } from '../i18n/metaText.ts';
import type { Route } from './+types/bundle';
import '../styles/bundles.css';

export function loader(args: Route.LoaderArgs) {
  return loadBundlePage(args);
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!d) return [{ title: t('meta.notFound') }];
  return [
    { title: t('meta.pageTitle', { title: d.bundle.title }) },
    { name: 'description', content: d.bundle.description.slice(0, 200) },
  ];
}

/**
 * `/bundle/<id>` (decision 0063): a creator's courses sold together, the price for this learner (less what
 * they own already), the saving, and "Buy bundle" through the same M-Pesa modal as a course.
 */
export default function BundlePage({ loaderData }: Route.ComponentProps) {
  const { bundle: b, signedIn } = loaderData;
  const { t, kes } = useFormat();
  const here = `/bundle/${b.id}`;
  return (
    <>
      <TopBar />
      <main className="bundle-page">
        <p className="purchase-kicker">{t('bundle.kicker')}</p>
        <h1>{b.title}</h1>
        <p className="bundle-by">
          {t('bundle.by')} <Link to={creatorPath(b.creatorId)}>{b.creatorName}</Link>
        </p>
        {b.description ? <p className="bundle-description">{b.description}</p> : null}
        <section className="bundle-offer" aria-label={t('bundle.priceLabel')}>
          {!b.forSale ? (
            <p role="status">{t('bundle.notForSale')}</p>
          ) : b.allOwned ? (
            <p role="status" className="purchased-badge">
              {t('bundle.allOwned')}
            </p>
          ) : (
            <>
              <p className="bundle-price">
                <strong data-testid="bundle-price">{kes(b.price)}</strong>{' '}
                {b.saving > 0 ? <s>{kes(b.price + b.saving)}</s> : null}
              </p>
              {b.saving > 0 ? <p className="bundle-saving">{t('bundle.save', { amount: kes(b.saving) })}</p> : null}
              {b.courses.some((c) => c.owned) ? <p className="field-hint">{t('bundle.ownedLower')}</p> : null}
              {!signedIn ? (
                <Link className="btn btn-primary" to={`/login?redirectTo=${encodeURIComponent(here)}`}>
                  {t('bundle.signInToBuy')}
                </Link>
              ) : null}
            </>
          )}
          {/* Always here when signed in: the open modal stays to say "Payment received" once all is owned. */}
          {signedIn ? <BundleBuy key={b.id} bundle={b} /> : null}
        </section>
        <h2 className="row-title">{t('bundle.coursesTitle', { count: b.courses.length })}</h2>
        <div className="grid">
          {b.courses.map((c) => (
            <div key={c.id} className="bundle-card">
              <CourseCard course={c} />
              {c.owned ? <span className="purchased-badge bundle-owned">{t('purchase.purchased')}</span> : null}
            </div>
          ))}
        </div>
      </main>
    </>
  );
}

/**
 * "Buy bundle" and its modal. Mounted whenever someone is signed in, so the open modal stays to say "Payment
 * received" after the page, now all owned, is read again; with the price and title it was opened with.
 */
function BundleBuy({ bundle: b }: { bundle: Bundle }) {
  const [offer] = useState({ id: b.id, title: b.title, price: b.price });
  return (
    <div className="bundle-buy">
      <PurchaseAction
        course={offer}
        owned={false}
        buyable={b.buyable}
        phone={b.phone}
        bundle={{ id: b.id, doneTo: `/bundle/${b.id}` }}
      />
    </div>
  );
}
