import fs from 'node:fs/promises';
import { Server, type ServerOptions } from '@tus/server';
import type { Actor } from '#server/core/actor.ts';
import { DomainError } from '#server/core/errors.ts';
import { uploadRefusalStatus } from './errorResponse.ts';
import type { Services } from '#server/core/services.ts';
import { isId } from '#common/ids.ts';
import { newId } from '#server/lib/ids.ts';
import { canManageAsset, canUpload } from '#server/modules/access/policies.ts';
import { checkNewUpload } from '#server/modules/uploads/checkNewUpload.ts';
import { finishUpload } from '#server/modules/uploads/finishUpload.ts';
import { sanitizeFileName } from '#server/modules/uploads/sanitizeFileName.ts';
import { uploadPaths } from '#server/modules/uploads/uploadPaths.ts';
import { UPLOAD_MESSAGES, type UploadKind } from '#common/uploads/uploadRules.ts';
import { createFileStore } from './preparedFileStore.ts';

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

/** tus hooks answer with `{ status_code, body }`; the body is the message the client shows. */
const refuse = (status_code: number, body: string) => ({ status_code, body });

/** tus answers for itself: a domain refusal becomes its status (errorResponse.ts) and readable message. */
const refusal = (err: unknown) => (err instanceof DomainError ? refuse(uploadRefusalStatus(err), err.message) : null);

export interface UploadServer {
  /** Serves one tus request; `actor` is the signed-in person or null. The body is read as a stream. */
  handle(req: Request, actor: Actor): Promise<Response>;
  /** Deletes unfinished uploads older than `maxAgeMs`; returns how many. */
  cleanUp(maxAgeMs: number, now?: Date): Promise<number>;
}

/**
 * The tus endpoint (`/api/uploads`). Bytes stream straight to `<DATA_DIR>/uploads/incoming/` (never held
 * in memory), so a dropped connection, a reloaded tab or a restarted server resume from the last byte on
 * disk. Creators and admins only; each upload belongs to its uploader (others get a 404). The declared
 * size is checked before a byte is accepted, the content once the last byte arrives.
 */
export function createUploadServer(services: Services, path = '/api/uploads'): UploadServer {
  const dirs = uploadPaths(services.config.dataDir);
  const store = createFileStore(dirs.incoming);
  const actors = new WeakMap<Request, Actor>();
  const actorOf = (req: TusRequest): Actor => actors.get(req) ?? null;

  const tus = new Server({
    path,
    datastore: store,
    locker: services.uploadLocker,
    relativeLocation: true,
    namingFunction: () => newId(),
    async onIncomingRequest(req, uploadId) {
      const actor = actorOf(req);
      if (!canUpload(actor)) throw refuse(401, UPLOAD_MESSAGES.signIn);
      if (req.method === 'POST') return;
      const info = isId(uploadId) ? await store.configstore.get(uploadId) : undefined;
      const ownerId = info?.metadata?.ownerId;
      if (!ownerId || !canManageAsset(actor, { ownerId })) throw refuse(404, UPLOAD_MESSAGES.notFound);
    },
    async onUploadCreate(req, upload) {
      let kind: UploadKind;
      try {
        kind = checkNewUpload({ kind: upload.metadata?.kind, size: upload.sizeIsDeferred ? undefined : upload.size });
      } catch (err) {
        throw refusal(err) ?? err;
      }
      // Only what we set is kept: the owner comes from the session, never from the client.
      return {
        metadata: { kind, filename: sanitizeFileName(upload.metadata?.filename), ownerId: actorOf(req)!.userId },
      };
    },
    async onUploadFinish(_req, upload) {
      const path = upload.storage?.path;
      const meta = upload.metadata ?? {};
      try {
        if (!path || !meta.ownerId) throw new Error('finished upload without a file or an owner');
        const asset = await finishUpload(services, {
          id: upload.id,
          path,
          kind: meta.kind as UploadKind,
          ownerId: meta.ownerId,
          fileName: meta.filename ?? 'upload',
        });
        return { headers: { 'Darasa-Asset-Id': asset.id, 'Darasa-Asset-Status': asset.status } };
      } catch (err) {
        const refused = refusal(err);
        if (refused) throw refused;
        services.log.error({ err, uploadId: upload.id }, 'could not finish an upload');
        throw refuse(500, UPLOAD_MESSAGES.noUrl);
      } finally {
        // Checked or refused, the upload is over: its tus record and any leftover bytes go.
        await store.configstore.delete(upload.id);
        if (path) await fs.rm(path, { force: true });
      }
    },
  });

  return {
    handle(req, actor) {
      // Uploads are never read back through tus: processed files are served by /media, originals never.
      if (req.method === 'GET') return Promise.resolve(new Response(UPLOAD_MESSAGES.notFound, { status: 404 }));
      actors.set(req, actor);
      return tus.handleWeb(req);
    },
    async cleanUp(maxAgeMs, now = new Date()) {
      let removed = 0;
      for (const id of (await store.configstore.list?.()) ?? []) {
        const info = await store.configstore.get(id);
        const created = info?.creation_date ? Date.parse(info.creation_date) : NaN;
        if (!info || !(now.getTime() - created > maxAgeMs)) continue;
        await store.remove(id).catch(() => store.configstore.delete(id));
        removed++;
      }
      return removed;
    },
  };
}
