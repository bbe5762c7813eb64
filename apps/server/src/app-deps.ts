import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';

/** What every route module is given. */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  version: string;
}
