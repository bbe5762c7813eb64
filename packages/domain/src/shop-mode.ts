/**
 * A profile update that switches "work both online and offline" on: the one write a hosted server
 * takes from a shop set to local only (seed spec §4), so its owner can get out; the app lets it
 * through for the same reason.
 */
export function switchesOnline(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && (body as { online_offline?: unknown }).online_offline === 1
  );
}
