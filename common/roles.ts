export const ROLES = ['customer', 'creator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
