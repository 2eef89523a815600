// Daraja's error answer, and the field checks its request validation shares.
export interface DarajaFault {
  status: number;
  errorCode: string;
  errorMessage: string;
}

export const badField = (field: string): DarajaFault => ({
  status: 400,
  errorCode: '400.002.02',
  errorMessage: `Bad Request - Invalid ${field}`,
});

export function isHttpUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
