import { useEffect, useState } from 'react';

/**
 * Seconds left of the M-Pesa prompt. Measured from the server's own window (expiresAt − createdAt) started
 * now, so a phone whose clock is off still counts down correctly.
 */
export function useCountdown(createdAt: string, expiresAt: string): number {
  const [deadline] = useState(() => Date.now() + Math.max(0, Date.parse(expiresAt) - Date.parse(createdAt)));
  const [left, setLeft] = useState(() => Math.round((deadline - Date.now()) / 1000));
  useEffect(() => {
    const t = setInterval(() => setLeft(Math.max(0, Math.round((deadline - Date.now()) / 1000))), 1000);
    return () => clearInterval(t);
  }, [deadline]);
  return left;
}
