/**
 * A schema built the first time it is used in a browser, not when its module is evaluated.
 *
 * zod builds every schema when its module runs (10–80 µs each once warm, much more while a page's
 * code is still cold) and the domain's modules hold about 150 of them: the till's start evaluated
 * ~500 ms of schemas at Lighthouse's 4× slower CPU, most of them for screens and requests it never
 * made (issue 21). In a browser the returned proxy stands for the schema everywhere (parsing,
 * `.shape`, `instanceof`, composing it into other schemas, spreading an object of fields) and
 * builds it on the first touch.
 *
 * On a server (no `document`) the schema is built at once and returned as it is: the server uses
 * every route's schemas when it starts, and the OpenAPI document and zod's registries key schemas
 * by identity, which a proxy does not keep.
 */
export function lazySchema<T extends object>(build: () => T): T {
  return 'document' in globalThis ? lazyProxy(build) : build();
}

/** The browser's half of `lazySchema`: an object that builds its target on first use. */
export function lazyProxy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  return new Proxy({} as T, {
    // the schema itself as the receiver: zod's lazily bound methods bind to it and cache on it
    get: (_, key) => Reflect.get(real(), key),
    has: (_, key) => Reflect.has(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    defineProperty: (_, key, desc) => Reflect.defineProperty(real(), key, desc),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const desc = Reflect.getOwnPropertyDescriptor(real(), key);
      // the proxy's own target is an empty extensible object: it may report a property only as
      // configurable
      return desc && { ...desc, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
