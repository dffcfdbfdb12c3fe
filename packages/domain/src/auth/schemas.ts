import { z } from 'zod';
import { recordIdSchema } from '../api/ids';

/** Side of the console: platform (source 1) or enterprise (source 2). */
export const sideSchema = z.enum(['platform', 'enterprise']);
export type Side = z.infer<typeof sideSchema>;
export const SOURCE_BY_SIDE: Record<Side, 1 | 2> = { platform: 1, enterprise: 2 };

export const getKeyQuerySchema = z.object({
  key: z.string().min(8).max(64),
  timestamp: z.coerce.number().int(),
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});
export const getKeyResultSchema = z.object({ keyId: z.string(), publicKey: z.string() });
export type GetKeyResult = z.infer<typeof getKeyResultSchema>;

export const loginBodySchema = z.object({
  username: z.string().min(1).max(64),
  /** base64 of RSA-OAEP(SHA-256) ciphertext of the password */
  password: z.string().min(1).max(1024),
  keyId: z.string().min(1).max(64),
  captcha: z.string().max(8).optional(),
  checkKey: z.string().max(64).optional(),
  /** enterprise side: the remembered tenant to enter, when it is one of the user's own */
  tenantId: z.number().int().min(0).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tenantRefSchema = z.object({ id: z.number().int(), tenantName: z.string() });
export type TenantRef = z.infer<typeof tenantRefSchema>;

/** Login user info (spec 1 §3). */
export const loginUserInfoSchema = z.object({
  token: z.string(),
  tenant: tenantRefSchema,
  /** 1 platform level (tenant 0), 2 tenant level; enterprise users answer 2 */
  userIdentity: z.union([z.literal(1), z.literal(2)]),
  realname: z.string(),
  username: z.string(),
  account: z.string(),
  enterprise: z.object({ id: z.number().int(), enterpriseName: z.string() }).nullable(),
  avatar: z.string().nullable(),
  orgCodeTxt: z.string().nullable(),
  phoneVerifyStatus: z.number().int(),
  /** tenants the user may switch between (enterprise side; platform side holds its one tenant) */
  tenantList: z.array(tenantRefSchema),
  /** an administrator reset the password: the console asks for a new one before anything else */
  mustChangePassword: z.boolean().optional(),
});
export type LoginUserInfo = z.infer<typeof loginUserInfoSchema>;

/** Failed login answers this in `result` so the page knows to show the captcha. */
export const loginFailureSchema = z.object({ captchaRequired: z.boolean(), retryAt: z.number().int().nullable() });

export interface MenuItem {
  id: number;
  name: string;
  url: string;
  /** page registry key on the web side; empty for groups */
  component: string;
  /** remark key used for jumps by key */
  remarks: string;
  icon: string;
  /** 1 shown, 0 hidden from menus (still routable) */
  isOpen: 0 | 1;
  childList: MenuItem[];
}
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    component: z.string(),
    remarks: z.string(),
    icon: z.string(),
    isOpen: z.union([z.literal(0), z.literal(1)]),
    childList: z.array(menuItemSchema),
  }),
);
export const queryPermQuerySchema = z.object({ tenantId: recordIdSchema(0).optional() });
export const permResultSchema = z.object({ menuList: z.array(menuItemSchema), permList: z.array(z.string()) });
export type PermResult = z.infer<typeof permResultSchema>;

export const switchTenantBodySchema = z.object({ tenantId: recordIdSchema(0) });
