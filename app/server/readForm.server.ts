import { data } from 'react-router';

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The posted form of a page action. Pages post forms (with or without JavaScript); anything else (JSON,
 * text, no body, a broken multipart body) is the sender's mistake, answered 415 or 400 with the error page's
 * "form could not be read" message (root ErrorBoundary), never a 500. So is a NUL character in a field:
 * PostgreSQL refuses any statement carrying one, and no field of ours means one.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get('content-type') ?? '')) throw data(null, { status: 415 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
  for (const [name, value] of form)
    if (name.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000')))
      throw data(null, { status: 400 });
  return form;
}
