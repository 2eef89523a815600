import { data } from 'react-router';

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The posted form of a page action. Pages post forms (with or without JavaScript); anything else (JSON,
 * text, no body, a broken multipart body) is the sender's mistake, answered 415 or 400 with the error page's
 * "form could not be read" message (root ErrorBoundary), never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get('content-type') ?? '')) throw data(null, { status: 415 });
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
}
