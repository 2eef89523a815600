// Bundles as the pages show them (server only): the public bundle page, the studio's bundles page and its
// form actions (decision 0063).
import type { RouterContextProvider } from 'react-router';
import type { SessionUser } from '#server/core/actor.ts';
import { getBundlePage } from '#server/modules/bundles/getBundlePage.ts';
import { requireArea } from './authGuard.server.ts';
import { serverContext } from './context.server.ts';
import { operationRunner, type Runner } from './operationRunner.server.ts';
import { throwNotFoundPage } from './pageRefusals.server.ts';

export { listStudioBundles, type StudioBundles } from '#server/modules/bundles/listStudioBundles.ts';
export { saveBundle } from '#server/modules/bundles/saveBundle.ts';
export { deleteBundle } from '#server/modules/bundles/deleteBundle.ts';
export type { BundlePage } from '#server/modules/bundles/getBundlePage.ts';
export type { BundleSummary } from '#server/modules/bundles/listBundles.ts';
export { refusalData } from './pageRefusals.server.ts';

/** `/bundle/<id>`: the bundle as this actor may buy it, or the not-found page. */
export async function loadBundlePage({
  params,
  context,
}: {
  params: { bundleId?: string };
  context: Readonly<RouterContextProvider>;
}) {
  const { services, actor } = serverContext(context);
  const bundle = await getBundlePage(services, actor, { bundleId: params.bundleId ?? '' }).catch(throwNotFoundPage);
  return { bundle, signedIn: !!actor, publicUrl: services.config.publicUrl };
}

/** The signed-in creator (anyone else is sent away first) and the operations run as them. */
export function asBundleCreator(args: Parameters<typeof requireArea>[0]): { actor: SessionUser; run: Runner } {
  return { actor: requireArea(args, 'creator'), run: operationRunner(args.context) };
}
