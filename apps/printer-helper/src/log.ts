export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Timestamped lines: the helper runs unattended, and its log is what a shop sends when asked. */
export function createConsoleLogger(
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Logger {
  const line = (level: string, message: string) => `${new Date().toISOString()} ${level} ${message}\n`;
  return {
    info: (m) => void out.write(line('INFO ', m)),
    warn: (m) => void err.write(line('WARN ', m)),
    error: (m) => void err.write(line('ERROR', m)),
  };
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
