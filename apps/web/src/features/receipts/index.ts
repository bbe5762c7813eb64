// The receipts feature's public face: other features import these from '../receipts', nothing deeper.
export { ReceiptPreview, receiptSvgUrl } from './receipt-preview';
