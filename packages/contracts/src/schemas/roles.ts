import { z } from 'zod';
import { pageSchema } from './common.ts';
import { roleNameSchema } from './users.ts';
import { safeString } from './text.ts';
import { TOO_LONG } from './limits.ts';

/** GET /roles, /roles/{name} (SuperAdmin): each role with its description, screens and permitted actions. */
export const roleSchema = z.object({
  name: roleNameSchema,
  /** Realm-role spelling in tokens (SUPER_ADMIN …). */
  realmName: z.string(),
  /** 0 is the highest; the effective role is the highest held. */
  rank: z.number().int(),
  description: z.string(),
  /** SPEC §2 routes the role may open (from the shared route table). */
  routes: z.array(z.object({ id: z.string(), path: z.string() })),
  /** `resource.action` keys of the shared permission table. */
  permissions: z.array(z.string()),
  /** Portal users holding the role (in the caller's scope). */
  userCount: z.number().int(),
});
export type RoleInfo = z.infer<typeof roleSchema>;
export const rolePageSchema = pageSchema(roleSchema);
export type RolePage = z.infer<typeof rolePageSchema>;
/** Any accepted spelling (SuperAdmin, SUPER_ADMIN); an unknown name answers 404. */
export const roleParamSchema = z.object({ name: safeString().max(40, TOO_LONG) });
