import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { notFound } from '#server/core/errors.ts';
import { displayPhone } from '#common/phone.ts';
import { BUNDLE_TEXT } from '#common/bundles/bundleSchemas.ts';
import { canBuyBundle, canManageBundle } from '../access/policies.ts';
import { publishedCards, toCard, type CourseCard } from '../catalog/courseCard.ts';
import { loadBundleInTx } from './loadBundleInTx.ts';
import { quoteBundleInTx } from './quoteBundleInTx.ts';

export interface BundlePage {
  id: string;
  title: string;
  description: string;
  creatorId: string;
  creatorName: string;
  /** The courses a buyer gets, with whether the actor owns each. */
  courses: (CourseCard & { owned: boolean })[];
  /** The bundle's own price, and what its courses cost one by one. */
  bundlePrice: number;
  listTotal: number;
  /** What this actor pays now and saves (the bundle price less the courses they own: decision 0063). */
  price: number;
  saving: number;
  forSale: boolean;
  allOwned: boolean;
  /** The actor may press "Buy bundle" (a customer, not its creator, something left to buy). */
  buyable: boolean;
  canManage: boolean;
  /** The actor's phone for the M-Pesa form, or "". */
  phone: string;
}

/** `/bundle/<id>`: a bundle as anyone may see it; a deleted or unknown one is not found. */
export async function getBundlePage(services: Services, actor: Actor, { bundleId }: { bundleId: string }) {
  const { db } = services.database;
  const bundle = await loadBundleInTx(db, { bundleId });
  if (!bundle) throw notFound(BUNDLE_TEXT.notFound);
  const { courses, quote } = await quoteBundleInTx(db, { bundle, userId: actor?.userId ?? null });
  const ids = (courses ?? bundle.courses.filter((c) => c.published)).map((c) => c.id);
  const [cards, user] = await Promise.all([
    ids.length ? db.selectFrom('course').$call(publishedCards).where('course.id', 'in', ids).execute() : [],
    actor ? db.selectFrom('user').select('phone').where('id', '=', actor.userId).executeTakeFirst() : undefined,
  ]);
  const byId = new Map(cards.map((c) => [c.id, toCard(c)]));
  const owned = new Set(courses?.filter((c) => c.owned).map((c) => c.id));
  const page: BundlePage = {
    id: bundle.id,
    title: bundle.title,
    description: bundle.description,
    creatorId: bundle.creatorId,
    creatorName: bundle.creatorName,
    courses: ids.flatMap((id) => {
      const card = byId.get(id);
      return card ? [{ ...card, owned: owned.has(id) }] : [];
    }),
    bundlePrice: bundle.price,
    listTotal: quote?.listTotal ?? 0,
    price: quote?.price ?? bundle.price,
    saving: quote?.saving ?? 0,
    forSale: !!quote,
    allOwned: !!quote?.allOwned,
    buyable: !!quote && !quote.allOwned && canBuyBundle(actor, bundle),
    canManage: canManageBundle(actor, bundle),
    phone: user?.phone ? displayPhone(user.phone) : '',
  };
  return page;
}
