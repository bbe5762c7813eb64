// Records, in a page, each task of React's scheduler (one message on its MessageChannel: React
// renders, commits and runs effects in them) and the commits React makes in it, each with when it
// ended in the task, how many elements the page had gained, and the depth of the call stack it was
// reported from (React DOM reports each commit to React DevTools' hook when there is one; this is a
// stand-in for it). A state set as a commit mounts is rendered and committed inside that commit's
// call, so its commit comes from deeper; another render the scheduler runs in the same message
// comes from the same depth. Given to the page before its
// scripts run (Playwright's addInitScript, puppeteer's evaluateOnNewDocument); the tasks are
// `window.__schedulerTasks`. Used by e2e/start-commits.spec.ts and bench/scheduler-tasks.mjs.
// Plain ESM, self-contained: the browser gets the function's source.
export function recordSchedulerTasks() {
  const tasks = (globalThis.__schedulerTasks = []);
  let current = null;
  let elements = 0;
  const now = () => globalThis.performance.now();
  const property = Object.getOwnPropertyDescriptor(globalThis.MessagePort.prototype, 'onmessage');
  Object.defineProperty(globalThis.MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() {
      return property.get.call(this);
    },
    set(handler) {
      property.set.call(
        this,
        handler &&
          function (e) {
            current = { at: now(), ms: 0, commits: [] };
            try {
              return handler.call(this, e);
            } finally {
              current.ms = now() - current.at;
              tasks.push(current);
              current = null;
            }
          },
      );
    },
  });
  globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot() {
      const count = globalThis.document.getElementsByTagName('*').length;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = Infinity;
      const depth = new Error().stack.split('\n').length;
      Error.stackTraceLimit = limit;
      current?.commits.push({ at: now() - current.at, added: count - elements, depth });
      elements = count;
    },
  };
}
