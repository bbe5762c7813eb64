// The sales feature's public face: other features import these from '../sales', nothing deeper.
export { fetchSaleByReceipt, mayOpen, mayReverse, reversePath, todayOf, useDebtor } from './sales-api';
