/**
 * The routes table's old path, kept only while tests at `test/`'s root still import it from here (they
 * are being moved into `test/testing/orders/`): the table is `area.ts`. Delete this once nothing imports it.
 */
export { ordersArea } from './area.js';
