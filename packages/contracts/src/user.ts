import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { userRoles } from './constants/domain.ts';

export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/** A user as the API returns it: never any password material. */
export const userSchema = z.object({
  id: idSchema,
  email: z.email(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  stripeCustomerId: z.string().nullish(),
  stripeSubscriptionId: z.string().nullish(),
  contributionPoints: z.number().int().min(0).default(0),
  laundromatsAdded: z.number().int().min(0).default(0),
  reviewsWritten: z.number().int().min(0).default(0),
  photosUploaded: z.number().int().min(0).default(0),
  contributorBadge: z.string().nullable(),
  role: userRoleSchema.default('user'),
  /** Whether the person followed the link sent to their address (or reset their password through it). */
  emailVerified: z.boolean().default(false),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

/** GET /api/auth/user: the user, or null when signed out. */
export const currentUserResponseSchema = userSchema.nullable();
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;
