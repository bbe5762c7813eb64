// The transfers feature's public face: other features import these from '../transfers', nothing deeper.
export { freshProvider, useProviders, useSaveProvider } from './transfers-api';
export { PaymentMethodFields } from './payment-method-fields';
