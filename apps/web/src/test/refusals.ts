import { ApiError } from '../lib/api-error';

/** The server's refusal of 1.5 of "Soda" (p1), sold each, on a sale's first line (422 quantity_not_whole). */
export const SODA_NOT_WHOLE = new ApiError({
  kind: 'http',
  status: 422,
  code: 'quantity_not_whole',
  message: 'Soda is counted in whole units (each): 1.5 is not a whole number',
  field: 'lines.0.quantity',
  params: { product_id: 'p1', name: 'Soda', unit: 'each' },
});
