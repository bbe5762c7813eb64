import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the enum is a const enum that isolated modules cannot read. */
const ARGON2ID = 2;

let hashesMade = 0;

/**
 * argon2id with the library's defaults (19 MiB, 2 passes), per OWASP's minimum. The server tests
 * (vitest, with DUKA_TEST_PASSWORD_COST=low from vitest.config.ts) hash at argon2id's lowest cost
 * instead: still argon2id, still verified, about a hundredth of the time (~2,500 hashes and checks
 * a test run). The cost is written in each hash, so a check reads it from there, and outside
 * vitest the variable is never read.
 */
const options =
  process.env.VITEST && process.env.DUKA_TEST_PASSWORD_COST === 'low'
    ? { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1 }
    : { algorithm: ARGON2ID };

export function hashPassword(password: string): Promise<string> {
  hashesMade += 1;
  return hash(password, options);
}

/**
 * How many passwords this process has hashed: what a refusal that must come before the costly
 * hash (a second first-run setup) is checked by, without timing it.
 */
export function passwordsHashed(): number {
  return hashesMade;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so both failures take as long. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('duka-timing-equaliser');
  return dummy;
}
