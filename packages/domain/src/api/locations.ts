import { z } from 'zod';

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type Location = z.infer<typeof locationSchema>;
