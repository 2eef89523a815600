// The access rules route modules ask (server only; the rules live in server/modules/access/policies.ts).
export { areaAccess, homePathFor, type Area } from '#server/modules/access/policies.ts';
