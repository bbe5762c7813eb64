import net from 'node:net';

/** How long the server waits for a network printer to take a job. */
const PRINT_TIMEOUT_MS = 8_000;

/**
 * Sends raw bytes to a network receipt printer (the usual raw TCP port 9100) and waits until they
 * are handed over. Rejects with a message a person can act on.
 */
export function printRaw(host: string, port: number, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let settled = false;
    const fail = (why: string) => {
      socket.destroy();
      if (settled) return;
      settled = true;
      reject(new Error(`The printer at ${host}:${port} ${why}`));
    };
    socket.setTimeout(PRINT_TIMEOUT_MS, () => fail('did not answer in time'));
    // `on`, not `once`: a second error event with no listener would bring the server down.
    socket.on('error', (err: NodeJS.ErrnoException) =>
      fail(
        err.code === 'ECONNREFUSED'
          ? 'refused the connection'
          : `could not be reached (${err.code ?? err.message})`,
      ),
    );
    socket.once('connect', () => {
      socket.end(data, () => {
        socket.destroy();
        if (settled) return;
        settled = true;
        resolve();
      });
    });
  });
}
