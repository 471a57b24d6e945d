import * as z from 'zod/mini';
import { RequestValidationError } from '../../core/errors.js';
import type { Operation } from '../../core/operation.js';
import type { Schema } from '../../core/validation.js';
import { methodOfOperation, operationsByArea } from '../../operation-catalog.js';
import summaries from './summaries.json' with { type: 'json' };
import vendorTitles from './vendor-titles.json' with { type: 'json' };

// The tools of `consignkit mcp`, derived from the operation declarations found by walking the clients:
// one per operation name of each area, so that an operation declared on a resource is a tool with nothing
// else to write. Nothing here names an operation.

export type Area = 'orders' | 'shipments';

/** The client class whose method of the operation's name carries its TSDoc summary. */
const CLIENT_OF: Record<Area, string> = { orders: 'OrdersClient', shipments: 'ShipmentsClient' };

/** The name of the input field that carries a confirmation token; never a param of any operation. */
export const CONFIRMATION_FIELD = 'confirmationToken';

/** The JSON Schema of a tool's arguments: always an object, as MCP requires. */
export interface ToolInputSchema {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
  additionalProperties: false;
  /** MCP's tool type carries an index signature (JSON Schema has more keywords), which this must match. */
  [key: string]: unknown;
}

/** MCP's tool annotations, read from the declaration. */
export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  idempotentHint: boolean;
  destructiveHint: boolean;
  openWorldHint: true;
}

/** One tool: an operation name of one area, with every addressing (path) it is declared with. */
export interface ToolDefinition {
  /** The operation's id, unique across both areas (`getTracking`, `getShipmentTracking`). */
  name: string;
  /** The operation's id (`cancelConsignment`). */
  operation: string;
  /** The client method that sends it alone, by its path (`consignments.cancel`), when one does. */
  method: string | undefined;
  area: Area;
  /** The vendor's title (`Manifest Consignments`), from `src/cli/mcp/vendor-titles.json` when it holds one. */
  vendor: string | undefined;
  /** The method's TSDoc summary, when `src/cli/mcp/summaries.json` holds it. */
  summary: string | undefined;
  /** It changes nothing: a GET, or a repeatable `get…` sent as a POST (quotes, delivery options). */
  read: boolean;
  /** Non-repeatable operations go through the confirmation gate. */
  repeatable: boolean;
  /** It cancels, deletes, deallocates or removes. */
  destructive: boolean;
  /** The declarations, one per distinct method and path: each takes its own set of params. */
  addressings: Operation[];
}

// A repeatable "get…" sent as a POST (Get Quotes, Delivery Options) reads: the POST only carries a body.
const isRead = (operation: Operation) =>
  operation.method === 'GET' || (operation.retry === 'repeatable' && /^get[A-Z]/.test(operation.name));
const isDestructive = (operation: Operation) =>
  operation.method === 'DELETE' || /^(cancel|delete|deallocate|remove)[A-Z]/.test(operation.name);

function operationsOf(area: Area): Operation[] {
  return operationsByArea()[area];
}

/** Every tool, in declaration order: area A's, then area B's. */
export function deriveTools(
  areas: Record<Area, Operation[]> = { orders: operationsOf('orders'), shipments: operationsOf('shipments') },
): ToolDefinition[] {
  const byArea = new Map<Area, Map<string, Operation[]>>();
  for (const area of ['orders', 'shipments'] as const) {
    const byName = new Map<string, Operation[]>();
    for (const operation of areas[area]) {
      const known = byName.get(operation.name) ?? [];
      // The same request declared twice (Get Consignment, read whole and for an allocation's failure).
      if (!known.some((other) => other.method === operation.method && other.path === operation.path)) {
        known.push(operation);
      }
      byName.set(operation.name, known);
    }
    byArea.set(area, byName);
  }
  const tools: ToolDefinition[] = [];
  for (const [area, byName] of byArea) {
    for (const [operation, addressings] of byName) {
      const method = methodOfOperation(area, operation);
      const summary = (summaries as Record<string, string>)[`${CLIENT_OF[area]}.${method}`];
      tools.push({
        name: operation,
        operation,
        method,
        area,
        vendor: (vendorTitles as Record<string, string[]>)[operation]?.[0],
        summary,
        read: addressings.every(isRead),
        repeatable: addressings.every((declared) => declared.retry === 'repeatable'),
        destructive: addressings.some(isDestructive),
        addressings,
      });
    }
  }
  return tools;
}

export function annotationsOf(tool: ToolDefinition): ToolAnnotations {
  return {
    title: tool.vendor ?? tool.operation,
    readOnlyHint: tool.read,
    idempotentHint: tool.repeatable,
    // MCP reads a write without the hint as destructive: say which are not.
    destructiveHint: !tool.read && tool.destructive,
    openWorldHint: true,
  };
}

const AREA_NAMES: Record<Area, string> = {
  orders: 'area A, orders and consignments',
  shipments: 'area B, shipments',
};

export function descriptionOf(tool: ToolDefinition): string {
  const parts = [
    `${tool.vendor ?? tool.operation} (${AREA_NAMES[tool.area]}; operation ${tool.operation}${tool.method ? `, client method ${tool.area}.${tool.method}` : ''}).`,
  ];
  if (tool.summary) parts.push(tool.summary);
  if (tool.addressings.length > 1) {
    parts.push(
      `Give the params of one of its forms: ${tool.addressings.map((declared) => `{${paramNames(declared).join(', ')}}`).join(' or ')}.`,
    );
  }
  if (!tool.repeatable) {
    parts.push(
      `Non-repeatable: a first call (without ${CONFIRMATION_FIELD}) sends nothing and returns a preview and a ${CONFIRMATION_FIELD}; call again with the same arguments and the token to send it. A lost answer is settled by reading the service, never by sending again.`,
    );
  }
  return parts.join(' ');
}

const paramNames = (operation: Operation) => Object.keys(operation.params ?? {});

/** The JSON Schema of one zod schema, as the caller writes it (before defaults and transforms). */
function jsonSchemaOf(schema: Schema, description?: string): object {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    // A refinement or a custom check has no JSON Schema: the tool checks it when called, as the client does.
    unrepresentable: 'any',
    target: 'draft-7',
  }) as Record<string, unknown>;
  return description === undefined ? json : { ...json, description };
}

/**
 * The tool's arguments: the params of its path(s), `body` when it sends one (the request body as the
 * vendor's documentation names its fields), and the confirmation token of a non-repeatable tool.
 */
export function inputSchemaOf(tool: ToolDefinition): ToolInputSchema {
  const properties: Record<string, object> = {};
  const inEvery = (name: string) => tool.addressings.every((declared) => paramNames(declared).includes(name));
  for (const declared of tool.addressings) {
    for (const [name, schema] of Object.entries(declared.params ?? {})) {
      properties[name] ??= jsonSchemaOf(schema, `${name}: a path parameter`);
    }
  }
  const withBody = tool.addressings.find((declared) => declared.body !== undefined);
  if (withBody?.body)
    properties.body = jsonSchemaOf(withBody.body, 'The request body, as the service reads it');
  if (!tool.repeatable) {
    properties[CONFIRMATION_FIELD] = {
      type: 'string',
      description:
        'Leave out to get a preview and a token; give the token of that preview, with the same arguments, to send. Single use; expires after a few minutes.',
    };
  }
  const required = [
    ...Object.keys(properties).filter(
      (name) => name !== 'body' && name !== CONFIRMATION_FIELD && inEvery(name),
    ),
    ...(tool.addressings.every((declared) => declared.body !== undefined) ? ['body'] : []),
  ];
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/** What one call sends: the declaration of the form its params name, and the call made of them. */
export interface ResolvedCall {
  operation: Operation;
  call: { params: Record<string, unknown>; body?: unknown };
}

/**
 * The declaration whose params are exactly those given, and the call. The params and body themselves
 * are checked by the transport as for any client call; here only their presence and unknown fields.
 *
 * @throws {@link RequestValidationError} for arguments that are not an object, an unknown field, or
 *   params that match no form.
 */
export function resolveCall(tool: ToolDefinition, input: Record<string, unknown>): ResolvedCall {
  const known = new Set([...tool.addressings.flatMap(paramNames), 'body', CONFIRMATION_FIELD]);
  const unknown = Object.keys(input).filter(
    (name) => !known.has(name) || (name === 'body' && !hasBody(tool)),
  );
  if (unknown.length > 0) {
    throw new RequestValidationError(
      `Invalid ${tool.name} arguments: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `'${name}'`).join(', ')}`,
      unknown.map((name) => ({ path: [name], message: 'unknown field', code: 'unrecognized_keys' })),
    );
  }
  const given = Object.keys(input).filter(
    (name) => name !== 'body' && name !== CONFIRMATION_FIELD && input[name] !== undefined,
  );
  const operation = tool.addressings.find((declared) => {
    const names = paramNames(declared);
    return names.length === given.length && names.every((name) => given.includes(name));
  });
  if (!operation) {
    const forms = tool.addressings.map((declared) => `{${paramNames(declared).join(', ')}}`).join(' or ');
    throw new RequestValidationError(
      `Invalid ${tool.name} arguments: the params given {${given.join(', ')}} match none of its forms: ${forms}`,
      [{ path: [], message: `expected the params of one of ${forms}` }],
    );
  }
  const params = Object.fromEntries(given.map((name) => [name, input[name]]));
  return { operation, call: operation.body ? { params, body: input.body } : { params } };
}

const hasBody = (tool: ToolDefinition) => tool.addressings.some((declared) => declared.body !== undefined);
