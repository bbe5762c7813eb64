/**
 * Where the hosted project's server answers and who its two businesses' owners are. The config
 * hands these to e2e/support/hosted-stack.mjs, which makes the businesses with the CLI.
 */
const localPort = Number(process.env.DUKA_E2E_PORT ?? 3199);
/** The round-robin proxy; the two server processes listen on the next two ports. */
export const HOSTED_PORT = Number(process.env.DUKA_E2E_HOSTED_PORT ?? localPort + 1);
export const HOSTED_URL = `http://127.0.0.1:${HOSTED_PORT}`;

export interface HostedAccount {
  business: string;
  username: string;
  password: string;
  name: string;
}

export const OWNER_A: HostedAccount = {
  business: 'Duka Online Nairobi',
  username: 'owner-a',
  password: 'owner-a-pass-123',
  name: 'Achieng Owino',
};
export const OWNER_B: HostedAccount = {
  business: 'Duka Online Mombasa',
  username: 'owner-b',
  password: 'owner-b-pass-123',
  name: 'Baraka Mwangi',
};
