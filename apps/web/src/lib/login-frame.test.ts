import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paintLoginFrame } from './login-frame';
import {
  frameKindOf,
  removeStartScreen,
  startFrameKind,
  startScreenStaysFor,
  takeFrameFields,
} from './start-frame';

const WORDS = {
  title: 'Sign in',
  subtitle: 'Welcome back.',
  login: 'Mobile or username',
  loginHint: 'The number your admin gave you',
  password: 'Password',
  signIn: 'Sign in',
};

/** index.html's start screen, as the page has it before boot.ts runs. */
function startScreen() {
  document.body.innerHTML = `<div id="duka-start" class="duka-boot"><svg width="56" height="56"></svg></div><div id="root"></div>`;
}
const frame = () => document.getElementById('duka-start')!;
const field = (name: string) => frame().querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => {
  field(name).focus();
  field(name).value = value;
};

describe("the sign-in page's frame (boot.ts)", () => {
  beforeEach(startScreen);
  afterEach(() => {
    takeFrameFields(document);
    removeStartScreen(document);
    document.body.innerHTML = '';
  });

  it("is the sign-in page's alone, as the till's is the till's", () => {
    expect(frameKindOf('/login')).toBe('login');
    expect(frameKindOf('/login/')).toBe('login');
    expect(frameKindOf('/cash-sale')).toBe('till');
    for (const path of ['/', '/setup', '/logins', '/x/login']) expect(frameKindOf(path)).toBeNull();
  });

  it('turns the start screen into the sign-in card: the logo, its words, two fields and the button', () => {
    expect(paintLoginFrame(document, WORDS)).toBe(true);
    expect(startFrameKind(document)).toBe('login');
    expect(frame().getAttribute('aria-busy')).toBe('true');
    expect(frame().querySelector('.duka-login-head svg')).not.toBeNull();
    expect(frame().querySelector('.duka-login-title')?.textContent).toBe('Sign in');
    expect(frame().querySelector('.duka-login-subtitle')?.textContent).toBe('Welcome back.');
    expect(frame().querySelector('.duka-login-hint')?.textContent).toBe('The number your admin gave you');
    // each field named by its label, as the page's are
    const labels = [...frame().querySelectorAll('label')].map((l) => [
      l.textContent,
      document.getElementById(l.htmlFor)?.getAttribute('name'),
    ]);
    expect(labels).toEqual([
      ['Mobile or username *', 'login'],
      ['Password *', 'password'],
    ]);
    expect(field('login').getAttribute('autocomplete')).toBe('username');
    expect(field('password').type).toBe('password');
    expect(field('password').getAttribute('autocomplete')).toBe('current-password');
    // no form: nothing can be sent from the frame itself
    expect(frame().querySelector('form')).toBeNull();
    expect(frame().querySelector('button')?.type).toBe('button');
    expect(document.getElementById('root')?.childElementCount).toBe(0);
  });

  it('paints nothing on a page without the start screen', () => {
    document.body.innerHTML = '';
    expect(paintLoginFrame(document, WORDS)).toBe(false);
  });

  it('gives its screen what was typed, where the focus was, and whether the button was pressed, once', () => {
    paintLoginFrame(document, WORDS);
    type('login', 'wanjiku');
    type('password', 'secret-1');
    expect(startScreenStaysFor(document, '/login')).toBe(true);
    expect(takeFrameFields(document)).toEqual({
      values: { login: 'wanjiku', password: 'secret-1' },
      focused: 'password',
      submitted: false,
    });
    expect(document.getElementById('duka-start')).toBeNull();
    expect(takeFrameFields(document)).toBeNull();
  });

  it('counts the button or Enter in a field as asking to sign in', () => {
    paintLoginFrame(document, WORDS);
    frame().querySelector('button')!.click();
    expect(takeFrameFields(document)?.submitted).toBe(true);

    startScreen();
    paintLoginFrame(document, WORDS);
    type('password', 'secret-1');
    field('login').dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(frame().dataset.submitted).toBeUndefined();
    field('password').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(takeFrameFields(document)?.submitted).toBe(true);
  });

  it('keeps what was typed when its time is up, for its screen only; drops it when another screen shows', () => {
    paintLoginFrame(document, WORDS);
    type('login', 'wanjiku');
    removeStartScreen(document, { keepKeys: true });
    expect(document.getElementById('duka-start')).toBeNull();
    // the app's first frame at /login leaves it for the page; at another address it goes
    expect(startScreenStaysFor(document, '/login')).toBe(true);
    expect(startScreenStaysFor(document, '/setup')).toBe(false);
    expect(takeFrameFields(document)?.values).toEqual({ login: 'wanjiku', password: '' });

    startScreen();
    paintLoginFrame(document, WORDS);
    type('login', 'wanjiku');
    removeStartScreen(document, { keepKeys: true });
    removeStartScreen(document); // the address turned out to be another's (app-router.tsx)
    expect(takeFrameFields(document)).toBeNull();

    startScreen();
    paintLoginFrame(document, WORDS);
    type('password', 'secret-1');
    removeStartScreen(document);
    expect(takeFrameFields(document)).toBeNull();
  });

  it('does not stay for a screen whose frame it is not', () => {
    paintLoginFrame(document, WORDS);
    expect(startScreenStaysFor(document, '/cash-sale')).toBe(false);
    expect(startScreenStaysFor(document, '/dashboard')).toBe(false);
    startScreen(); // the plain start screen stays for nobody
    expect(startScreenStaysFor(document, '/login')).toBe(false);
  });
});
