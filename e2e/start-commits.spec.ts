import { expect, test } from '@playwright/test';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';

test.beforeAll(ensureSetup);

/** A task of React's scheduler (one message on its MessageChannel) and the commits made in it. */
type SchedulerTask = { at: number; commits: { added: number }[] };

/**
 * Records each task of React's scheduler and, for each commit React reports in it (to React
 * DevTools' hook, which React DOM calls when present), how many elements the page gained.
 */
function recordSchedulerTasks() {
  const w = window as unknown as { __tasks: SchedulerTask[]; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
  const tasks: SchedulerTask[] = (w.__tasks = []);
  let current: SchedulerTask | null = null;
  let elements = 0;
  const property = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get(): unknown {
      return property.get!.call(this) as unknown;
    },
    set(handler: ((e: MessageEvent) => void) | null) {
      property.set!.call(
        this,
        handler &&
          function (this: MessagePort, e: MessageEvent) {
            current = { at: performance.now(), commits: [] };
            try {
              handler.call(this, e);
            } finally {
              if (current.commits.length) tasks.push(current);
              current = null;
            }
          },
      );
    },
  });
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot() {
      const now = document.getElementsByTagName('*').length;
      current?.commits.push({ added: now - elements });
      elements = now;
    },
  };
}

test.describe('the start renders each screen once per task (issue 21)', () => {
  test("the shell's and the till's first commits are the only commits of their tasks", async ({ page }) => {
    await page.addInitScript(recordSchedulerTasks);
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/cash-sale');
    await expect(page.getByTestId('till-search')).toBeVisible();
    await expect(page.getByRole('button', { name: /parked/i })).toBeVisible();
    const tasks = await page.evaluate(() => (window as unknown as { __tasks: SchedulerTask[] }).__tasks);
    // the commits that put a screen on the page: the signed-in shell's, then the till's
    const firstCommits = tasks.filter((t) => t.commits.some((c) => c.added >= 40));
    expect(firstCommits.length).toBeGreaterThanOrEqual(2);
    // Mantine's ids swapped in a layout effect, or a popover's floating-ui elements and portal made
    // with the screen, set state as they mount: React renders and commits again in the same task,
    // running every effect of the screen's commit with it
    expect(firstCommits.map((t) => t.commits.length)).toEqual(firstCommits.map(() => 1));
  });

  test("the sign-in page's first commit is the only commit of its task", async ({ page }) => {
    await page.addInitScript(recordSchedulerTasks);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('#duka-start')).toHaveCount(0);
    const tasks = await page.evaluate(() => (window as unknown as { __tasks: SchedulerTask[] }).__tasks);
    const firstCommits = tasks.filter((t) => t.commits.some((c) => c.added >= 40));
    expect(firstCommits).toHaveLength(1);
    // the form took over from the page's frame with nothing typed in it: no state to set
    expect(firstCommits[0]!.commits).toHaveLength(1);
  });

  test("Mantine's ids are React's, from the first render", async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/cash-sale');
    const search = page.getByTestId('till-search');
    await expect(search).toBeVisible();
    // React's useId is `_r_<n>_`; Mantine's own hook swapped it for 9 random letters after mounting
    await expect(search).toHaveAttribute('id', /^mantine-_r_[0-9a-z]+_$/);
  });
});
