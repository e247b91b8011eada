import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type CallToolResult, ListToolsRequestSchema, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiClient } from './api-client.js';
import type { Tool } from './tool-definition.js';

/** The identity the tool server reports in the MCP handshake; bumped when a tool's contract changes. */
export const TOOL_SERVER_INFO = { name: 'transceiver-intelligence', title: 'Transceiver Intelligence', version: '1.0.0' } as const;

/** A tool with what the MCP server needs computed once, at start, rather than for every session or request. */
export interface PreparedTool extends Tool {
  /** The route's reply schema as zod, for the SDK's check of every structured result. */
  outputSchema: z.ZodType;
  /** Its tools/list entry. */
  listing: McpTool;
}

export function prepareTools(tools: Tool[]): PreparedTool[] {
  return tools.map((tool) => {
    // The TypeBox schema is JSON Schema already; the round trip through JSON drops TypeBox's symbol keys.
    const output = JSON.parse(JSON.stringify(tool.output)) as Record<string, unknown>;
    const listing: McpTool = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: z.toJSONSchema(z.object(tool.input), { io: 'input', target: 'draft-7' }) as McpTool['inputSchema'],
      // The route's own schema, descriptions included, rather than a copy converted back from zod.
      outputSchema: output as McpTool['outputSchema'],
      annotations: annotationsOf(tool),
    };
    return { ...tool, outputSchema: z.fromJSONSchema(output), listing };
  });
}

function annotationsOf(tool: Tool): McpTool['annotations'] {
  return { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false };
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
        annotations: annotationsOf(tool),
      },
      (input: Record<string, unknown>) => runTool(tool, api, input),
    );
  }
  // The SDK would convert all twelve schemas to JSON Schema again on every tools/list (about 0.3 s for these large
  // reply schemas, and Streamable HTTP builds a server per request): answer the list computed at start instead.
  const listings = tools.map((tool) => tool.listing);
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listings }));
  return server;
}
