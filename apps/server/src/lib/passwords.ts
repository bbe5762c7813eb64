import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the enum is a const enum that isolated modules cannot read. */
const ARGON2ID = 2;

let hashesMade = 0;

/** argon2id with the library's defaults (19 MiB, 2 passes), per OWASP's minimum. */
export function hashPassword(password: string): Promise<string> {
  hashesMade += 1;
  return hash(password, { algorithm: ARGON2ID });
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
