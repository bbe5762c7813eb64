export const HELPER_VERSION = '0.1.0';
