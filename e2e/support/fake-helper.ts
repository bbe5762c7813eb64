import { WebSocketServer } from 'ws';

/**
 * A tiny peer speaking enough of the QZ Tray websocket protocol for the qz-tray client:
 * the version handshake, the certificate message and `networking.device`.
 */
export async function startFakeHelper(
  mac: string,
  port = 8182,
): Promise<{ calls: string[]; close: () => Promise<void> }> {
  const calls: string[] = [];
  const wss = new WebSocketServer({ port });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  wss.on('connection', (socket) => {
    socket.on('message', (raw) => {
      let msg: { uid?: string; call?: string; certificate?: unknown };
      try {
        msg = JSON.parse((raw as Buffer).toString('utf8')) as typeof msg;
      } catch {
        return; // keep-alive "ping"
      }
      if (!msg.uid) return;
      calls.push(msg.call ?? ('certificate' in msg ? 'certificate' : 'unknown'));
      let result: unknown;
      if (msg.call === 'getVersion') result = '2.2.5';
      else if (msg.call === 'networking.device') result = { mac, ip: '127.0.0.1', hostname: 'till-1' };
      else if (msg.call !== undefined) {
        socket.send(JSON.stringify({ uid: msg.uid, error: `unsupported call ${msg.call}` }));
        return;
      }
      socket.send(JSON.stringify({ uid: msg.uid, result }));
    });
  });
  return {
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}
