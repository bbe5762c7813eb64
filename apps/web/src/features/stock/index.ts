// The stock feature's public face: other features import these from '../stock', nothing deeper.
export { fetchProducts, locationsQuery, useAllLocations } from './products-api';
export { useAllowedLocations, useReadableLocations } from './use-allowed-locations';
export { exactMatch, lineErrorOf, moneyText } from './line-entry/shared-lines';
export { missKey, useScanBox } from './line-entry/use-scan-box';
export { LOOKUP_TIMEOUT_MS } from './line-entry/use-code-lookup';
