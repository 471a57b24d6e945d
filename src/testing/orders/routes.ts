import type { MockArea } from '../router.js';

/** Area A of the mock. (Placeholder: filled in by the area A mock.) */
export const ordersArea: MockArea = {
  name: 'orders',
  routes: [],
  authenticate: () => undefined,
  error: (status, code, message) => Response.json({ Code: code, Message: message }, { status }),
};
