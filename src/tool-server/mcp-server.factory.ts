import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiClient } from './api-client.js';
import type { Tool } from './tool-definition.js';

/** The identity the tool server reports in the MCP handshake; bumped when a tool's contract changes. */
export const TOOL_SERVER_INFO = { name: 'transceiver-intelligence', title: 'Transceiver Intelligence', version: '1.0.0' } as const;

/** A tool with its output schema converted once, at start, rather than on every session. */
export interface PreparedTool extends Tool {
  outputSchema: z.ZodType;
}

export function prepareTools(tools: Tool[]): PreparedTool[] {
  // The TypeBox schema is JSON Schema already; the round trip through JSON drops TypeBox's symbol keys.
  return tools.map((tool) => ({ ...tool, outputSchema: z.fromJSONSchema(JSON.parse(JSON.stringify(tool.output)) as Record<string, unknown>) }));
}

function failure(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

async function runTool(tool: PreparedTool, api: ApiClient, input: Record<string, unknown>): Promise<CallToolResult> {
  const answer = await api.call(tool.route, input);
  if (!answer.ok) return failure(answer.message);
  let summary: string;
  try {
    summary = tool.summarize(answer.body, input);
  } catch {
    // A reply the summary does not expect still reaches the client whole, as structured content and JSON.
    summary = `${tool.title}: see the structured result.`;
  }
  return {
    // The JSON copy is for clients that read only text content (the MCP specification asks for it).
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: JSON.stringify(answer.body) },
    ],
    structuredContent: answer.body as Record<string, unknown>,
  };
}

/**
 * One MCP server (the SDK's McpServer) per connection: the SDK binds a server to one transport. Input arguments are
 * checked against the zod schema by the SDK before the handler runs; a bad one comes back as an error result naming
 * the field, and the service's own validation stands behind it.
 */
export function createMcpServer(tools: PreparedTool[], api: ApiClient): McpServer {
  const server = new McpServer(TOOL_SERVER_INFO, { capabilities: { tools: {} } });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false },
      },
      (input: Record<string, unknown>) => runTool(tool, api, input),
    );
  }
  return server;
}
