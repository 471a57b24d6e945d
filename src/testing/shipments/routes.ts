import type { MockArea } from '../router.js';

/** Area B of the mock. (Placeholder: filled in by the area B mock.) */
export const shipmentsArea: MockArea = {
  name: 'shipments',
  routes: [],
  authenticate: () => undefined,
  error: (status, code, message) => Response.json({ code, message }, { status }),
};
