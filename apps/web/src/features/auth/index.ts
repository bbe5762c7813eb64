// The auth feature's public face: other features import these from '../auth', nothing deeper.
export { ME_QUERY_KEY, fetchSetupStatus } from './auth-api';
export { principalOf } from './landing';
export { useLogout } from './use-auth-actions';
