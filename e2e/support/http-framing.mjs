// Where HTTP/1.1 messages begin and end in a TCP byte stream, for the chaos proxy
// (chaos-proxy.mjs): requests framed by their head and Content-Length (the sync client never
// sends chunked bodies), responses by Content-Length, chunked encoding, or the connection's end.
// Bytes are never changed, only split.

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
/** A head longer than this is not HTTP we frame: the connection is piped as it is from there. */
export const MAX_HEAD_BYTES = 64 * 1024;

/** The start line and the headers (lower-cased names; repeated ones as arrays) of a head. */
function parseHead(head) {
  const lines = head.toString('latin1').split('\r\n');
  const start = lines[0].split(' ');
  const headers = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? [headers[name], value].flat() : value;
  }
  return { start, headers };
}

/** Content-Length as a number, null when absent, undefined when unusable (repeated differently, not digits). */
function contentLength(headers) {
  const raw = headers['content-length'];
  if (raw === undefined) return null;
  const values = [raw].flat().flatMap((v) => v.split(',').map((x) => x.trim()));
  if (values.some((v) => !/^[0-9]{1,15}$/.test(v)) || new Set(values).size !== 1) return undefined;
  return Number(values[0]);
}

/**
 * Splits the bytes a client sends into whole requests: `{ method, path, bytes }` with `bytes` the
 * head and body exactly as received. A request it cannot frame (chunked or otherwise encoded body,
 * a bad Content-Length, an Upgrade, a huge head) ends framing: `push` answers its bytes and
 * everything after as `opaque`, for the caller to pipe through as they are.
 */
export class RequestFramer {
  /** Bytes of a head not yet complete. */
  #pending = Buffer.alloc(0);
  /** The request whose body is being read: its parts so far and the bytes still to come. */
  #current = null;
  #opaque = false;

  push(chunk) {
    if (this.#opaque) return { requests: [], opaque: chunk };
    const requests = [];
    let data = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    this.#pending = Buffer.alloc(0);
    while (data.length > 0) {
      if (this.#current) {
        const take = Math.min(this.#current.need, data.length);
        this.#current.parts.push(data.subarray(0, take));
        this.#current.need -= take;
        data = data.subarray(take);
        if (this.#current.need === 0) {
          const { method, path, parts } = this.#current;
          requests.push({ method, path, bytes: Buffer.concat(parts) });
          this.#current = null;
        }
        continue;
      }
      const end = data.indexOf(HEAD_END);
      if (end < 0) {
        if (data.length > MAX_HEAD_BYTES) return this.#giveUp(requests, data);
        this.#pending = Buffer.from(data);
        break;
      }
      const head = data.subarray(0, end + HEAD_END.length);
      const { start, headers } = parseHead(head);
      const length = contentLength(headers);
      const encoded = headers['transfer-encoding'] !== undefined || headers.upgrade !== undefined;
      if (start.length !== 3 || length === undefined || encoded) return this.#giveUp(requests, data);
      this.#current = { method: start[0], path: start[1], parts: [head], need: length ?? 0 };
      data = data.subarray(head.length);
      if (this.#current.need === 0) {
        requests.push({ method: start[0], path: start[1], bytes: Buffer.from(head) });
        this.#current = null;
      }
    }
    return { requests, opaque: null };
  }

  #giveUp(requests, data) {
    this.#opaque = true;
    const parts = this.#current ? [...this.#current.parts, data] : [data];
    this.#current = null;
    return { requests, opaque: Buffer.concat(parts) };
  }
}

/**
 * Splits the bytes a server answers into responses, numbered in order (HTTP/1.1 answers requests
 * in the order they came). `push(chunk, methodOf)` answers events in stream order:
 * `{ type: 'head', index, status, final, headBytes, total }` (total: head and body length when
 * known, else null), `{ type: 'data', index, bytes }` (every byte, the head included) and
 * `{ type: 'end', index }`. An interim 1xx answer is a head with `final: false` and the same index.
 * `methodOf(index)` tells HEAD requests (no body whatever the headers say).
 */
export class ResponseFramer {
  #buf = Buffer.alloc(0);
  #state = 'head';
  #index = 0;
  #remaining = 0;
  #opaque = false;

  /** True once the stream is no longer framed (a 101 Switching Protocols, a head it cannot read). */
  get opaque() {
    return this.#opaque;
  }

  push(chunk, methodOf = () => 'GET') {
    const events = [];
    if (this.#opaque) {
      events.push({ type: 'data', index: this.#index, bytes: chunk });
      return events;
    }
    this.#buf = this.#buf.length ? Buffer.concat([this.#buf, chunk]) : chunk;
    while (this.#buf.length > 0) {
      const progressed = this.#step(events, methodOf);
      if (!progressed) break;
    }
    return events;
  }

  /** The upstream closed: a response delimited by the close ends here. */
  end() {
    if (this.#state === 'close') return [{ type: 'end', index: this.#index }];
    return [];
  }

  #emit(events, n) {
    const bytes = this.#buf.subarray(0, n);
    this.#buf = this.#buf.subarray(n);
    if (bytes.length) events.push({ type: 'data', index: this.#index, bytes });
  }

  #finish(events) {
    events.push({ type: 'end', index: this.#index });
    this.#index += 1;
    this.#state = 'head';
  }

  #step(events, methodOf) {
    switch (this.#state) {
      case 'head':
        return this.#head(events, methodOf);
      case 'body': {
        const n = Math.min(this.#remaining, this.#buf.length);
        this.#remaining -= n;
        this.#emit(events, n);
        if (this.#remaining === 0) this.#finish(events);
        return true;
      }
      case 'close':
        this.#emit(events, this.#buf.length);
        return false;
      default:
        return this.#chunked(events);
    }
  }

  #head(events, methodOf) {
    const end = this.#buf.indexOf(HEAD_END);
    if (end < 0) {
      if (this.#buf.length > MAX_HEAD_BYTES) this.#opaque = true;
      if (this.#opaque) this.#emit(events, this.#buf.length);
      return false;
    }
    const headBytes = end + HEAD_END.length;
    const { start, headers } = parseHead(this.#buf.subarray(0, headBytes));
    const status = Number(start[1]);
    const index = this.#index;
    const interim = status >= 100 && status < 200 && status !== 101;
    const te = headers['transfer-encoding'];
    const length = contentLength(headers);
    const noBody = methodOf(index) === 'HEAD' || status === 204 || status === 304 || interim;
    let total = null;
    if (noBody) total = headBytes;
    else if (te === undefined && typeof length === 'number') total = headBytes + length;
    events.push({ type: 'head', index, status, final: !interim, headBytes, total });
    this.#emit(events, headBytes);
    if (status === 101 || !Number.isInteger(status)) {
      this.#opaque = true;
      this.#emit(events, this.#buf.length);
      return false;
    }
    if (interim) return true;
    if (noBody) this.#finish(events);
    else if (te !== undefined && /chunked\s*$/i.test([te].flat().join(','))) this.#state = 'size';
    else if (typeof length === 'number') {
      this.#remaining = length;
      this.#state = 'body';
      if (length === 0) this.#finish(events);
    } else this.#state = 'close';
    return true;
  }

  /** Chunked encoding: `size\r\n data \r\n` … `0\r\n` trailers `\r\n`. */
  #chunked(events) {
    if (this.#state === 'data') {
      const n = Math.min(this.#remaining, this.#buf.length);
      this.#remaining -= n;
      this.#emit(events, n);
      if (this.#remaining === 0) this.#state = 'size';
      return true;
    }
    const eol = this.#buf.indexOf(CRLF);
    if (eol < 0) return false;
    const line = this.#buf.subarray(0, eol).toString('latin1');
    this.#emit(events, eol + CRLF.length);
    if (this.#state === 'trailer') {
      if (line === '') this.#finish(events);
      return true;
    }
    const size = parseInt(line.split(';')[0].trim(), 16);
    if (!Number.isFinite(size)) {
      this.#opaque = true;
      this.#emit(events, this.#buf.length);
      return false;
    }
    if (size === 0) this.#state = 'trailer';
    else {
      this.#state = 'data';
      this.#remaining = size + CRLF.length;
    }
    return true;
  }
}
