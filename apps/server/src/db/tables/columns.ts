/** 0/1 integer column, portable across SQLite and PostgreSQL. */
export type Bit = number;
/** A bigint column (int8 on PostgreSQL); database.ts makes pg read it as a number. */
export type Counter = number;
