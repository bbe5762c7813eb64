/**
 * The answers' checks compiled at build time, by name (answer-checks.ts beside vite.config.ts: its
 * COMPILED_ANSWERS names them; lib/answer-checks.ts types them by that name).
 */
declare module 'virtual:answer-checks' {
  const checks: Readonly<Record<string, (data: unknown) => boolean>>;
  export default checks;
}
