/** The server's refusal sentence from a failed API answer (its English words are the catalogue id), or `fallback`. */
export async function refusal(res: Response, fallback: string): Promise<string> {
  const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return data?.error?.message ?? fallback;
}
