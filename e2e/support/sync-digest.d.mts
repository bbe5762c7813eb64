// Types of sync-digest.mjs (plain ESM).
export declare const root: string;
export declare const PER_SERVER_TABLES: string[];
export declare const PER_SERVER_COLUMNS: Record<string, string[]>;
export declare const OWN_ENTRY_TYPES: string[];

export interface TableDigest {
  rows: number;
  sha256: string;
  /** Each row's canonical text by its key. */
  byKey: Map<string, string>;
}
export interface BusinessDigest {
  file: string;
  header: { business_id: string; business_name: string; exported_at: string; migrations: string[] };
  tables: Map<string, TableDigest>;
}
export interface TableDifference {
  table: string;
  /** Row counts by side name. */
  rows: Record<string, number>;
  /** The first row (by key) on one side only or differing; null when both sides have the same keys. */
  firstKey: string | null;
  kind: string;
  columns: string[];
  /** One line: counts and first difference. */
  description: string;
}

export declare function exportArchive(o: {
  env: NodeJS.ProcessEnv;
  businessId: string;
  file: string;
}): string;
export declare function readArchive(file: string): {
  header: BusinessDigest['header'];
  tables: Map<string, Record<string, unknown>[]>;
};
export declare function canonical(value: unknown): string;
export declare function digestArchive(
  file: string,
  o?: { ignoreOrigins?: string[] },
): Promise<BusinessDigest>;
export declare function compareDigests(
  a: BusinessDigest,
  b: BusinessDigest,
  o?: { names?: [string, string] },
): TableDifference[];
