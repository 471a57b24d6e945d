import { ConfigurationError } from '../../core/errors.js';
import type { Environment } from '../../core/options.js';
import type { ToolDefinition } from './tools.js';

/** Which tools a server offers: `--environment`, `--tools` and `--read-only`. */
export interface ToolSelection {
  environment: Environment;
  /**
   * The allow-list: tool names, which are the operations' ids (`getConsignment`, `getShipmentTracking`),
   * and `read` (every tool that only reads). Required in production.
   */
  tools?: readonly string[] | undefined;
  /** Only the tools that read, whatever the allow-list names. */
  readOnly?: boolean | undefined;
}

/** `read`: every tool that only reads. */
export const READ_TOOLS = 'read';

/**
 * The tools offered: in the sandbox every tool unless `tools` narrows them; in production only those
 * `tools` names; with `readOnly`, the reads among them alone.
 *
 * @throws {@link ConfigurationError} in production without an allow-list, or for an entry that names
 *   no tool (a misspelt name would otherwise offer less than asked, silently).
 */
export function selectTools(all: readonly ToolDefinition[], selection: ToolSelection): ToolDefinition[] {
  const { environment, tools, readOnly = false } = selection;
  if (environment === 'production' && tools === undefined) {
    throw new ConfigurationError(
      `in production the MCP server offers only the tools named with --tools: give an allow-list, such as --tools=${READ_TOOLS} (every read) or --tools=getConsignment,getTracking`,
    );
  }
  let offered = [...all];
  if (tools !== undefined) {
    const entries = tools.map((entry) => entry.trim()).filter((entry) => entry !== '');
    if (entries.length === 0) throw new ConfigurationError('--tools names no tool');
    const matches = (tool: ToolDefinition, entry: string) =>
      entry === READ_TOOLS ? tool.read : tool.name === entry;
    const unknown = entries.filter((entry) => !all.some((tool) => matches(tool, entry)));
    if (unknown.length > 0) {
      throw new ConfigurationError(
        `--tools: no tool is named ${unknown.map((entry) => `'${entry}'`).join(', ')} (the names are the operations', as 'consignkit mcp --list' prints them, or '${READ_TOOLS}')`,
      );
    }
    offered = offered.filter((tool) => entries.some((entry) => matches(tool, entry)));
  }
  return readOnly ? offered.filter((tool) => tool.read) : offered;
}
