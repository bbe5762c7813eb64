/**
 * A per-instance flood guard on sign-in and setup, and on the signed-in user's own account's
 * security actions (password, signing out elsewhere) (the real failure rule, 10 in 15 minutes,
 * lives in the database so it holds across instances). Kept off other routes: it costs throughput.
 */
export const authRateLimit = { max: 120, timeWindow: '1 minute' };
