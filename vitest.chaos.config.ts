// `npm run test:chaos`: the long suites `npm test` leaves out (CHAOS_SUITES in vitest.config.ts).
import { suites } from './vitest.config.js';

export default suites('chaos');
