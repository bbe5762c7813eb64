/**
 * Where a printer helper (Duka's or QZ Tray) listens: QZ Tray's hosts and its four secure and four
 * insecure websocket ports, tried in this order. The web app connects only to these, and the
 * server's Content-Security-Policy allows exactly these, so the two never disagree.
 */
export const QZ_HOSTS = ['localhost', 'localhost.qz.io'] as const;
export const QZ_PORTS = {
  secure: [8181, 8282, 8383, 8484],
  insecure: [8182, 8283, 8384, 8485],
} as const;

/** Every websocket origin the page may open to reach a helper (`wss://localhost:8181`, …). */
export function qzWebsocketOrigins(): string[] {
  return QZ_HOSTS.flatMap((host) => [
    ...QZ_PORTS.secure.map((port) => `wss://${host}:${port}`),
    ...QZ_PORTS.insecure.map((port) => `ws://${host}:${port}`),
  ]);
}
