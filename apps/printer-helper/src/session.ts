import type crypto from 'node:crypto';
import { CertificateError, isPairedCertificate, parseCertificate } from './certs.js';
import { isSupportedCall, runCall, type CallContext } from './calls.js';
import type { HelperConfig, Pairing } from './config.js';
import type { Logger } from './log.js';
import {
  errorReply,
  needsSigned,
  parseIncoming,
  resultReply,
  verifySignedCall,
  type ReplayGuard,
  signedKey,
  type QzCall,
} from './protocol.js';

export interface SessionDeps {
  /** Read on every call, so `pair` and `printers add` apply without a restart. */
  loadConfig: () => HelperConfig;
  clock: () => number;
  log: Logger;
  /** Signed calls already run by any connection of this helper. */
  replays: ReplayGuard;
  callContext?: Omit<CallContext, 'config' | 'log'>;
}

const pairedKeys = new Map<string, crypto.KeyObject>();

/** The paired certificate's public key, parsed once per fingerprint. */
function pairedKey(pairing: Pairing): crypto.KeyObject {
  let key = pairedKeys.get(pairing.fingerprint);
  if (!key) {
    key = parseCertificate(pairing.certificate).publicKey;
    pairedKeys.set(pairing.fingerprint, key);
  }
  return key;
}

/** One websocket connection: the certificate its page sent, and the gate every call passes. */
export class Session {
  private certificate: crypto.X509Certificate | null = null;

  constructor(
    private readonly deps: SessionDeps,
    private readonly peer: string,
  ) {}

  /** The reply to send, or null (keep-alive). Never throws: a bad message gets a QZ error. */
  async handle(text: string): Promise<string | null> {
    const incoming = parseIncoming(text);
    switch (incoming.kind) {
      case 'ping':
        return null;
      case 'invalid':
        this.deps.log.warn(`${this.peer}: ${incoming.error}`);
        return errorReply(incoming.uid, incoming.error);
      case 'certificate':
        return this.acceptCertificate(incoming.uid, incoming.certificate);
      case 'call':
        return this.call(incoming.message);
    }
  }

  /**
   * The connection is always accepted, as QZ Tray accepts an untrusted site; what the
   * certificate decides is whether signed calls go through. getVersion still answers, so a
   * page can tell "helper running but not paired" from "no helper".
   */
  private acceptCertificate(uid: string, pem: string | null): string {
    this.certificate = null;
    if (pem !== null) {
      try {
        this.certificate = parseCertificate(pem);
      } catch (err) {
        if (!(err instanceof CertificateError)) throw err;
        this.deps.log.warn(`${this.peer}: the page sent an unreadable certificate (${err.message})`);
      }
    }
    let pairing: Pairing | null = null;
    try {
      pairing = this.deps.loadConfig().pairing;
    } catch {
      // Reported on the first call instead.
    }
    const trusted =
      this.certificate !== null &&
      pairing !== null &&
      isPairedCertificate(this.certificate, pairing.fingerprint);
    if (trusted) this.deps.log.info(`${this.peer}: connected with the paired business certificate`);
    else if (this.certificate === null)
      this.deps.log.info(`${this.peer}: connected without a certificate (signed calls will be refused)`);
    else
      this.deps.log.warn(
        `${this.peer}: connected with a certificate that is not the paired one (${this.certificate.subject.replace(/\n/g, ', ')}); signed calls will be refused`,
      );
    return resultReply(uid, null);
  }

  /** Why a call that needs signing is refused, or null when it may run. */
  private refusal(message: QzCall, config: HelperConfig): string | null {
    if (!needsSigned(message.call) || config.allowUnsigned.includes(message.call)) return null;
    if (config.pairing === null) {
      return 'Request blocked: this printer helper is not paired with a business yet (run `duka-printer-helper pair`)';
    }
    if (this.certificate === null) return 'Request blocked: the page sent no certificate';
    if (!isPairedCertificate(this.certificate, config.pairing.fingerprint)) {
      return "Request blocked: the page's certificate is not the business certificate this helper is paired with";
    }
    const now = this.deps.clock();
    const verdict = verifySignedCall(message, pairedKey(config.pairing), now);
    if (!verdict.ok) return verdict.reason;
    if (!this.deps.replays.claim(signedKey(message), message.timestamp as number, now)) {
      return 'Request blocked: this signed call was already used (a replay)';
    }
    return null;
  }

  private async call(message: QzCall): Promise<string> {
    const { uid, call } = message;
    try {
      if (!isSupportedCall(call)) {
        this.deps.log.warn(`${this.peer}: unsupported call ${call}`);
        return errorReply(uid, `Invalid function call: ${call} (unsupported by the Duka printer helper)`);
      }
      let config: HelperConfig;
      try {
        config = this.deps.loadConfig();
      } catch (err) {
        this.deps.log.error(`Configuration: ${(err as Error).message}`);
        return errorReply(uid, `Printer helper configuration error: ${(err as Error).message}`);
      }
      const refused = this.refusal(message, config);
      if (refused !== null) {
        this.deps.log.warn(`${this.peer}: ${call} refused: ${refused}`);
        return errorReply(uid, refused);
      }
      const result = await runCall(call, message.params, {
        ...this.deps.callContext,
        config,
        log: this.deps.log,
      });
      return resultReply(uid, result);
    } catch (err) {
      const text = err instanceof Error ? err.message || err.name : String(err);
      return errorReply(uid, text);
    }
  }
}
