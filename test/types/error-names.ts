/**
 * Compile-time checks of `error.name`, run by `npm run typecheck`: each class's name is its own literal,
 * so a switch over it is checked. Nothing here runs.
 */
import type {
  ApiError,
  ConsignkitError,
  NotFoundError,
  OperationName,
  OutcomeUnknownError,
  TimeoutError,
} from 'consignkit';

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

// `error.operation` is an operation's id, checked as `error.name` is: a misspelt id is no operation.
declare const timeout: TimeoutError;
export const operations: OperationName[] = [api.operation, outcome.operation, timeout.operation];
// @ts-expect-error getOrders is no operation (Get Order's id is getOrder)
export const misspelt: boolean = api.operation === 'getOrders';
