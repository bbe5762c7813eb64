/** The helper as a library: what the CLI uses, for embedding and tests. */
export { main, USAGE, type CliIo } from './cli.js';
export { startHelper, LISTEN_HOST, type HelperOptions, type RunningHelper } from './server.js';
export { QZ_API_VERSION } from './calls.js';
export { HELPER_VERSION } from './version.js';
export {
  loadConfig,
  saveConfig,
  resolveConfigDir,
  type HelperConfig,
  type PrinterConfig,
  type Pairing,
} from './config.js';
export { generateSelfSigned, describeCertificate, type KeyAndCertificate } from './certs.js';
export { pairWithCertificate, fetchServerCertificate } from './pairing.js';
export { escposTestPage, sendToPrinter } from './printers.js';
export { createConsoleLogger, silentLogger, type Logger } from './log.js';
