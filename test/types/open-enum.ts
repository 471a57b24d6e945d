/**
 * Compile-time check, run by `npm run typecheck`: `OpenEnum`, written out so that the published
 * declarations need no type-fest, is exactly type-fest's `LiteralUnion` (the project's tool), and still
 * suggests its known values while taking any string. Nothing here runs.
 */
import type { IsEqual, LiteralUnion } from 'type-fest';
import type { ConsignmentState, OpenEnum } from '../../src/index.js';

export const same: IsEqual<
  OpenEnum<'Allocated' | 'Manifested'>,
  LiteralUnion<'Allocated' | 'Manifested', string>
> = true;
export const known: ConsignmentState = 'Allocated';
export const future: ConsignmentState = 'SomeStateTheServiceAddsTomorrow';
