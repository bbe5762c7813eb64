// Types of sync-branch.mjs (plain ESM).
import type { BusinessDigest } from './sync-digest.mjs';
import type { JsonFetch, Login } from './sync-stack.mjs';

export interface Branch {
  name: string;
  dataDir: string;
  env: Record<string, string>;
  url: string;
  startMs: number;
}
export declare function startBranch(name: string): Promise<Branch>;
export declare function branchCli(branch: Branch, args: string[]): Promise<string>;
export declare function joinBranch(branch: Branch, businessId: string): Promise<string>;
export declare function branchFetch(branch: Branch, ...args: Parameters<JsonFetch>): ReturnType<JsonFetch>;
export declare function branchSignIn(branch: Branch, user: Login): Promise<void>;
export declare function digestBranch(branch: Branch, businessId: string): Promise<BusinessDigest>;
