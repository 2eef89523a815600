import { Server, type ServerOptions } from '@tus/server';
import type { Actor } from '#server/core/actor.ts';
import { DomainError } from '#server/core/errors.ts';
import { uploadRefusalStatus } from './errorResponse.ts';
import type { Services } from '#server/core/services.ts';
import { canManageAsset, canUpload } from '#server/modules/access/policies.ts';
import { checkNewUpload } from '#server/modules/uploads/checkNewUpload.ts';
import { finishUpload } from '#server/modules/uploads/finishUpload.ts';
import { sanitizeFileName } from '#server/modules/uploads/sanitizeFileName.ts';
import { UPLOAD_MESSAGES, type UploadKind } from '#common/uploads/uploadRules.ts';
import { createUploadStore } from './uploadStores.ts';

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

/** tus hooks answer with `{ status_code, body }`; the body is the message the client shows. */
const refuse = (status_code: number, body: string) => ({ status_code, body });

/** tus answers for itself: a domain refusal becomes its status (errorResponse.ts) and readable message. */
const refusal = (err: unknown) => (err instanceof DomainError ? refuse(uploadRefusalStatus(err), err.message) : null);

/** An S3 call that failed on the way (no connection, a reset, a time-out) or that S3 answered with a 5xx. */
function storageUnreachable(err: Error): boolean {
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500;
  const code = (err as NodeJS.ErrnoException).code ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code) ||
    err.name === 'TimeoutError'
  );
}

export interface UploadServer {
  /** Serves one tus request; `actor` is the signed-in person or null. The body is read as a stream. */
  handle(req: Request, actor: Actor): Promise<Response>;
}

/**
 * The tus endpoint (`/api/uploads`). Bytes stream to the upload store (uploadStores.ts: the local disk, or
 * the S3 bucket as multipart parts), never held whole in memory, so a dropped connection, a reloaded tab or
 * a restarted server resume from the last byte stored. Creators and admins only; each upload belongs to
 * its uploader (others get a 404). The declared size is checked before a byte is accepted, the content
 * once the last byte arrives.
 */
export function createUploadServer(services: Services, path = '/api/uploads'): UploadServer {
  const store = createUploadStore(services);
  const actors = new WeakMap<Request, Actor>();
  const actorOf = (req: TusRequest): Actor => actors.get(req) ?? null;

  const tus = new Server({
    path,
    datastore: store.datastore,
    locker: services.uploadLocker,
    namingFunction: () => store.newTusId(),
    generateUrl: (_req, { path: base, id }) => `${base}/${store.urlId(id)}`,
    getFileIdFromRequest: (_req, last) => (last === undefined ? undefined : store.tusIdFromUrl(last)),
    // tus would answer 500 with the error's own words (a host name, a socket error): the storage being
    // unreachable is a 503 the client retries; anything else unexpected is logged and answered plainly.
    onResponseError(req, err) {
      if ('status_code' in err) return undefined;
      if (storageUnreachable(err)) return refuse(503, UPLOAD_MESSAGES.storageUnreachable);
      services.log.error({ err, method: req.method }, 'upload request failed');
      return refuse(500, UPLOAD_MESSAGES.failed);
    },
    async onIncomingRequest(req, uploadId) {
      const actor = actorOf(req);
      if (!canUpload(actor)) throw refuse(401, UPLOAD_MESSAGES.signIn);
      if (req.method === 'POST') return;
      const info = uploadId ? await store.info(uploadId) : undefined;
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
      const meta = upload.metadata ?? {};
      try {
        if (!meta.ownerId) throw new Error('finished upload without an owner');
        const asset = await store.withFinishedFile(upload, (file) =>
          finishUpload(services, {
            id: store.urlId(upload.id),
            path: file,
            kind: meta.kind as UploadKind,
            ownerId: meta.ownerId!,
            fileName: meta.filename ?? 'upload',
          }),
        );
        return { headers: { 'Darasa-Asset-Id': asset.id, 'Darasa-Asset-Status': asset.status } };
      } catch (err) {
        const refused = refusal(err);
        if (refused) throw refused;
        services.log.error({ err, uploadId: upload.id }, 'could not finish an upload');
        throw refuse(500, UPLOAD_MESSAGES.noUrl);
      } finally {
        // Checked or refused, the upload is over: its tus record and any leftover bytes go.
        await store.discard(upload);
      }
    },
  });

  return {
    handle(req, actor) {
      // Uploads are never read back through tus: processed files are served by /media, originals never.
      if (req.method === 'GET') return Promise.resolve(new Response(UPLOAD_MESSAGES.notFound, { status: 404 }));
      // Concatenation (parallel parts) is not offered: it is absent from Tus-Extension, and tus 1.0 names no
      // status for a client using an extension the server does not announce. @tus/server answers 501, a
      // server fault to every monitor; this is the client's request to change, so 400, as the spec answers
      // an Upload-Defer-Length it cannot honour (decision 0043).
      if (req.method === 'POST' && req.headers.has('upload-concat'))
        return Promise.resolve(
          new Response(UPLOAD_MESSAGES.concatenationNotOffered, { status: 400, headers: { 'tus-resumable': '1.0.0' } }),
        );
      actors.set(req, actor);
      return tus.handleWeb(req);
    },
  };
}
