/**
 * Made to order's shopper side: when a product, a chosen option or a cart line ships. The staff's
 * print queue lives in the staff console (features/staff/printing).
 */
export { shipByApi, useGetLinesShipByQuery, useGetProductShipByQuery } from './shipByApi';
export { linesToDate, productShipStatement, shipTextByKey } from './rules';
export { ShipStatement } from './ShipStatement';
