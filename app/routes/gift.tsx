import { Form, Link, redirect, useNavigation } from 'react-router';
import { claimGift, getGift } from '#app/server/gifts.server.ts';
import { operationRunner } from '#app/server/operationRunner.server.ts';
import { refusalData, throwNotFoundPage } from '#app/server/pageRefusals.server.ts';
import { readForm } from '#app/server/readForm.server.ts';
import { loginPathFor } from '#app/lib/authRedirect.ts';
import { TopBar } from '../components/TopBar.tsx';
import '../styles/purchase.css';
import type { Route } from './+types/gift';
import { metaT } from '#app/i18n/metaText.ts';
import { useFormat } from '#app/i18n/useFormat.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.gift') }, { name: 'robots', content: 'noindex' }];
}

export async function loader(args: Route.LoaderArgs) {
  try {
    return { gift: await operationRunner(args.context)(getGift, { token: args.params.token }) };
  } catch (err) {
    throwNotFoundPage(err);
  }
}

export async function action(args: Route.ActionArgs) {
  await readForm(args.request);
  try {
    const { courseId } = await operationRunner(args.context)(claimGift, { token: args.params.token });
    throw redirect(`/course/${courseId}?gift=claimed`);
  } catch (err) {
    if (err instanceof Response) throw err;
    return refusalData(err, (e) => ({ message: e.message }));
  }
}

/**
 * A gift's claim link (the SMS): what it is, who sent it and to which number; "Sign in with this number" for a
 * visitor (phone sign-in by code, then back here), "Add it to my courses" for the right account, and a clear
 * reason otherwise (decision 0061).
 */
export default function GiftPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { gift } = loaderData;
  const { t } = useFormat();
  const busy = useNavigation().state !== 'idle';
  const here = `/gift/${params.token}`;
  return (
    <>
      <TopBar />
      <main className="gift-page">
        <article className="gift-card" aria-labelledby="gift-title">
          <p className="purchase-kicker">{t('gift.kicker')}</p>
          <h1 id="gift-title">{gift.courseTitle}</h1>
          <p>{t('gift.from', { name: gift.from, phone: gift.phone })}</p>
          {gift.state === 'yours' ? (
            <>
              <p className="gift-ok">{t('gift.yours')}</p>
              <Link className="btn btn-primary" to={`/course/${gift.courseId}`}>
                {t('purchase.startWatching')}
              </Link>
            </>
          ) : gift.state !== 'open' ? (
            <p className="gift-refused" role="alert">
              {t(`gift.state.${gift.state}`)}
            </p>
          ) : gift.claim === 'sign-in' ? (
            <>
              <p>{t('gift.signInText')}</p>
              <Link className="btn btn-primary" to={loginPathFor(here)}>
                {t('gift.signIn')}
              </Link>
              <p className="purchase-help">
                {t('gift.newHere')}{' '}
                <Link to={`/register?method=phone&redirectTo=${encodeURIComponent(here)}`}>{t('gift.signUp')}</Link>
              </p>
            </>
          ) : gift.claim === 'ok' ? (
            <Form method="post">
              {actionData?.message ? (
                <p className="gift-refused" role="alert">
                  {t(actionData.message)}
                </p>
              ) : null}
              <button type="submit" className="btn btn-primary gift-claim" disabled={busy}>
                {t('gift.claim')}
              </button>
            </Form>
          ) : (
            <p className="gift-refused" role="alert">
              {t(gift.claim === 'not-customer' ? 'gift.notCustomer' : 'gift.wrongNumber')}
            </p>
          )}
        </article>
      </main>
    </>
  );
}
