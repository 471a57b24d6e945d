/**
 * Compile-time checks of `error.name`, run by `npm run typecheck`: each class's name is its own literal,
 * so a switch over it is checked. Nothing here runs.
 */
import type { ApiError, ConsignkitError, NotFoundError, OutcomeUnknownError } from 'consignkit';

declare const notFound: NotFoundError;
declare const outcome: OutcomeUnknownError;
declare const api: ApiError;
declare const any: ConsignkitError;

export const names: ['NotFoundError', 'OutcomeUnknownError'] = [notFound.name, outcome.name];
// @ts-expect-error a NotFoundError is never named BadRequestError
export const wrong: 'BadRequestError' = notFound.name;

export function statusFamily(error: ApiError): string {
  switch (api.name === error.name ? error.name : error.name) {
    case 'NotFoundError':
      return 'missing';
    case 'RateLimitError':
      return 'slow down';
    // @ts-expect-error a misspelt name is no name of an ApiError
    case 'NotFoundEror':
      return 'never';
    default:
      return 'other';
  }
}

export const known: string = any.name;
