import { DomainError, invalidInput } from '#server/core/errors.ts';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, type UploadKind } from '#common/uploads/uploadRules.ts';

const KINDS: readonly unknown[] = Object.keys(UPLOAD_LIMITS);

/**
 * An upload as declared when it starts, checked before a byte is accepted: a known kind and a declared,
 * non-empty size within that kind's limit. Answers the kind. (The content is checked once it has arrived,
 * by finishUpload.)
 */
export function checkNewUpload(declared: { kind: unknown; size: number | undefined }): UploadKind {
  const { kind, size } = declared;
  if (!KINDS.includes(kind)) throw invalidInput(UPLOAD_MESSAGES.unknownKind);
  const known = kind as UploadKind;
  if (size === undefined) throw invalidInput(UPLOAD_MESSAGES.lengthRequired);
  if (size > UPLOAD_LIMITS[known].maxBytes) throw new DomainError('too_large', UPLOAD_MESSAGES.tooLarge(known));
  if (size === 0) throw invalidInput(UPLOAD_MESSAGES.empty);
  return known;
}
