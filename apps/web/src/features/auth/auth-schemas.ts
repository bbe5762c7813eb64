// The set-up status the sign-in page checks when a fresh server waits to be set up (auth-api.ts), in a
// chunk of its own loaded then; the session and health answers have compiled checks (answer-checks.ts).
export { setupStatusSchema } from '@duka/domain';
