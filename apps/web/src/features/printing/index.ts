// The printing feature's public face: other features import these from '../printing', nothing deeper.
export { OpenDrawerButton } from './open-drawer-button';
export { PrintReceiptButton } from './print-receipt-button';
export { PrintingSettings } from './printing-settings';
export { ReceiptPrinterSection, printerValidators } from './receipt-printer-section';
