import { z } from 'zod';
import { ROLES } from '../permissions.js';
import { idSchema, mobileSchema, passwordSchema, personNameSchema, usernameSchema } from './common.js';
import { userRolesInputSchema, userRolesSchema } from './auth.js';
import { safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';
import { isNamePassword } from './password-strength.js';

export const roleSchema = /* @__PURE__ */ lazySchema(() =>
  safeText()
    .transform((r) => r.toLowerCase())
    .pipe(z.enum(ROLES)),
);

export const userSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: idSchema,
    name: z.string(),
    username: z.string(),
    mobile: z.string().nullable(),
    role: z.enum(ROLES),
    user_roles: userRolesSchema,
    img: z.string(),
    home_location_id: z.string().nullable(),
    location_ids: z.array(z.string()),
    active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type User = z.infer<typeof userSchema>;

const userRolesInput = /* @__PURE__ */ lazySchema(() => userRolesInputSchema);

export const userCreateSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      name: personNameSchema,
      username: usernameSchema,
      mobile: mobileSchema.optional(),
      password: passwordSchema,
      role: roleSchema.default('staff'),
      /** Left out for a staff user: the cashier preset (ROLE_PRESETS), so a new cashier can sell at once. */
      user_roles: userRolesInput.optional(),
      home_location_id: idSchema.nullable().optional(),
      location_ids: z.array(idSchema).max(200).optional(),
    })
    .refine((u) => !isNamePassword(u.password, u.username), { path: ['password'], message: 'like_name' }),
);
export type UserCreate = z.input<typeof userCreateSchema>;

export const userUpdateSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      name: personNameSchema,
      username: usernameSchema,
      mobile: mobileSchema.nullable(),
      role: roleSchema,
      user_roles: userRolesInput,
      home_location_id: idSchema.nullable(),
      location_ids: z.array(idSchema).max(200),
      active: z.boolean(),
    })
    .partial(),
);
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const resetPasswordBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ password: passwordSchema }),
);

export const imageNameBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    img: safeText().min(1).max(100).describe('Stored file name returned by the upload'),
  }),
);
