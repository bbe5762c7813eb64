import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

/** Uploaded images (profile images, logos, expense slips): at most 1,000,000 bytes (seed spec §5, §9). */
export const MAX_IMAGE_BYTES = 1_000_000;

/** The image types an upload may be, and the extension each is stored under (the server reads the bytes). */
export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type ImageMimeType = keyof typeof IMAGE_TYPES;
export const IMAGE_MIME_TYPES = Object.keys(IMAGE_TYPES) as ImageMimeType[];

/** An upload's answer: the stored file's name. */
export const uploadedFileSchema = /* @__PURE__ */ lazySchema(() => z.object({ name: z.string() }));

/** How much of its image storage a business uses (uploads: logos, profile images, expense slips). */
export const imageStorageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    used_bytes: z.number().int(),
    cap_bytes: z.number().int(),
    files: z.number().int(),
  }),
);
export type ImageStorage = z.infer<typeof imageStorageSchema>;
