import { v7 } from 'uuid';

/** A new UUIDv7: time-ordered, so records made on two servers merge without clashes. */
export function newId(): string {
  return v7();
}
