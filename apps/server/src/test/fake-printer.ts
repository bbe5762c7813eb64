import net from 'node:net';
import { type PrinterState, STATUS_QUERY, statusAnswer } from '@duka/domain';

/**
 * How the loopback printer behaves:
 * - `ready`: an ESC/POS printer answering `DLE EOT` (online, paper), keeping each job's bytes;
 * - `no-status`: reads the job and closes when the sender does, never answering status;
 * - `never-reads`: takes the connection and reads nothing;
 * - `resets-mid-job`: answers the first status, then resets the connection once the job arrives;
 * - a state (`{ paperOut: true }`, `{ coverOpen: true }`, `{ online: false }`): answers it;
 * - `runs-out`: ready before the job, out of paper after it.
 */
export type FakePrinterMode =
  'ready' | 'no-status' | 'never-reads' | 'resets-mid-job' | 'runs-out' | Partial<PrinterState>;

export interface FakePrinter {
  port: number;
  /** Each connection's bytes, the status questions taken out. */
  jobs: Buffer[];
  /** How many status questions were asked. */
  queries: number;
  close(): Promise<void>;
}

const QUERY = Buffer.from(STATUS_QUERY);

/** A loopback TCP listener standing in for a network receipt printer. */
export async function startFakePrinter(mode: FakePrinterMode = 'ready'): Promise<FakePrinter> {
  const sockets = new Set<net.Socket>();
  const state: FakePrinter = { port: 0, jobs: [], queries: 0, close: () => Promise.resolve() };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'never-reads') {
      socket.pause();
      return;
    }
    let received = Buffer.alloc(0);
    let job = Buffer.alloc(0);
    let asked = 0;
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (let at = received.indexOf(QUERY); at >= 0; at = received.indexOf(QUERY)) {
        job = Buffer.concat([job, received.subarray(0, at)]);
        received = received.subarray(at + QUERY.length);
        asked += 1;
        state.queries += 1;
        if (mode === 'no-status') continue;
        if (mode === 'resets-mid-job' && asked > 1) {
          socket.resetAndDestroy();
          return;
        }
        const answer =
          mode === 'ready' || mode === 'resets-mid-job'
            ? statusAnswer()
            : mode === 'runs-out'
              ? statusAnswer(asked > 1 ? { paperOut: true } : {})
              : statusAnswer(mode);
        socket.write(Buffer.from(answer));
      }
      if (mode === 'resets-mid-job' && asked > 0 && job.length + received.length > 0) {
        socket.resetAndDestroy();
      }
    });
    socket.on('end', () => {
      state.jobs.push(Buffer.concat([job, received]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as net.AddressInfo).port;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return state;
}
