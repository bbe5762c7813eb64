import { z } from 'zod';

/** How much of its image storage a business uses (uploads: logos, profile images, expense slips). */
export const imageStorageSchema = z.object({
  used_bytes: z.number().int(),
  cap_bytes: z.number().int(),
  files: z.number().int(),
});
export type ImageStorage = z.infer<typeof imageStorageSchema>;
