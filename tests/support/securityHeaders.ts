// The headers every answer of ours must carry, as a list of what is missing (empty when all are there).
export function missingSecurityHeaders(h: Headers): string[] {
  const missing: string[] = [];
  if (h.get('x-content-type-options') !== 'nosniff') missing.push('nosniff');
  if (!h.get('content-security-policy')?.includes("frame-ancestors 'none'")) missing.push('frame-ancestors');
  if (!h.get('referrer-policy')) missing.push('referrer-policy');
  if (!h.get('permissions-policy')) missing.push('permissions-policy');
  return missing;
}
