/** This program's own version (`getVersion` answers the QZ API level instead, see calls.ts). */
export const HELPER_VERSION = '0.1.0';
