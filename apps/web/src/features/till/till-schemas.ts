// The answers the till reads after its start (a product by id, the providers, debtors, the sale), in
// a chunk of their own with zod: till-api.ts loads it with the first of them, and the payment dialog
// brings it with the cart's first line (issue 21: the start's answers have compiled checks instead).
import { z } from 'zod';
import { providerSchema } from '@duka/domain';

export { debtorListSchema, debtorSchema, productSchema, saleSchema } from '@duka/domain';
export const providerListSchema = z.array(providerSchema);
