// The answers the sign-in page checks (auth-api.ts), in a chunk of their own loaded after the page.
export { healthSchema, sessionDataSchema, setupStatusSchema } from '@duka/domain';
