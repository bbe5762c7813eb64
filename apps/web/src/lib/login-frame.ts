/**
 * The sign-in page's frame (issue 21): on /login, signed out, boot.ts paints the sign-in card (its
 * logo, words, fields and button) in index.html's start screen as soon as the page's styles are in,
 * before the app's code has arrived and rendered the page. Its fields take typing: the page, once
 * up, starts from what was typed, with the focus where it was, and signs in at once if the button
 * was pressed (or Enter) meanwhile (login-page.tsx, start-frame.ts's takeFrameFields). Like the
 * till's frame it covers the page until the page takes over, the address turns out to be
 * another's, or FRAME_MAX_MS have passed. It imports none of the app's code: boot.ts must not wait
 * for any.
 */
import type { LoginFrameWords } from './login-frame-words';
import { startFrame } from './start-frame';

/**
 * The start screen becomes the sign-in card, laid out as components/blank-layout.tsx and
 * login-page.tsx lay it out (index.html has the styles). False without the start screen.
 */
export function paintLoginFrame(doc: Document, words: LoginFrameWords): boolean {
  const frame = startFrame(doc, 'login', 'duka-frame duka-login');
  if (!frame) return false;
  const { start, logo, part } = frame;
  part(start, 'div', 'duka-login-top');
  const card = part(part(start, 'div', 'duka-login-main'), 'div', 'duka-login-card');
  const head = part(card, 'div', 'duka-login-head');
  if (logo) head.appendChild(logo);
  part(head, 'p', 'duka-login-title').textContent = words.title;
  part(head, 'p', 'duka-login-subtitle').textContent = words.subtitle;
  const fields = part(card, 'div', 'duka-login-fields');
  const field = (name: string, label: string, autocomplete: string, hint?: string) => {
    const wrap = part(fields, 'div', 'duka-login-field');
    const id = `duka-frame-${name}`;
    const lab = part(wrap, 'label', 'duka-login-label');
    lab.htmlFor = id;
    lab.textContent = label;
    const star = part(lab, 'span', 'duka-login-required');
    star.setAttribute('aria-hidden', 'true');
    star.textContent = ' *';
    if (hint) part(wrap, 'p', 'duka-login-hint').textContent = hint;
    const input = part(wrap, 'input', 'duka-login-input');
    input.id = id;
    input.name = name;
    input.setAttribute('autocomplete', autocomplete);
    input.required = true;
    if (name === 'password') input.type = 'password';
  };
  field('login', words.login, 'username', words.loginHint);
  field('password', words.password, 'current-password');
  const button = part(fields, 'button', 'duka-login-button');
  button.type = 'button';
  button.textContent = words.signIn;
  // pressed before the page is up: the page signs in once it is (no form: nothing is sent from here)
  const press = () => {
    start.dataset.submitted = '';
  };
  button.addEventListener('click', press);
  fields.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') press();
  });
  return true;
}
