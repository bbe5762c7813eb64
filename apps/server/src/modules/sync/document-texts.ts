import { type SyncDocument, type TextCache, textDocument } from './documents.js';

/**
 * The canonical texts of ledger documents the hosted process has just checked or read (ADR 11
 * §11.3): a document one branch pushes is pulled by every other branch moments later, and is
 * served from here without reading its rows again, encoding them and hashing them. Only ledger
 * documents are kept: they are facts (same id, same content, forever; another content under the
 * same id is quarantined, never written), so a text kept here is the document as it is stored.
 * Edited records are always read. Texts go in only after the transaction that wrote or found
 * them has committed. Keys hold the business, so one business's text never answers another's.
 * Bounded by the length of the texts it holds; the oldest go first.
 */
export class DocumentTexts implements TextCache {
  readonly #texts = new Map<string, { hash: string; text: string }>();
  #size = 0;

  constructor(readonly maxChars = 32 * 1024 * 1024) {}

  get size(): number {
    return this.#texts.size;
  }

  /** The document as kept, or undefined. */
  get(businessId: string, type: string, id: string): SyncDocument | undefined {
    const hit = this.#texts.get(keyOf(businessId, type, id));
    return hit ? textDocument(type, id, hit.hash, hit.text) : undefined;
  }

  put(businessId: string, type: string, id: string, hash: string, text: string): void {
    if (text.length > this.maxChars) return;
    const key = keyOf(businessId, type, id);
    const old = this.#texts.get(key);
    if (old) {
      this.#texts.delete(key);
      this.#size -= old.text.length;
    }
    this.#texts.set(key, { hash, text });
    this.#size += text.length;
    for (const [k, v] of this.#texts) {
      if (this.#size <= this.maxChars) break;
      this.#texts.delete(k);
      this.#size -= v.text.length;
    }
  }
}

const keyOf = (businessId: string, type: string, id: string): string => `${businessId}:${type}:${id}`;
