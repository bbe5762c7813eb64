// The sales feature's public face: other features import these from '../sales', nothing deeper.
export { fetchSaleByReceipt, useDebtor } from './sales-api';
export { mayOpen, mayReverse, reversePath, todayOf } from './sale-access';
