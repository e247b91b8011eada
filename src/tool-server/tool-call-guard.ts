import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ErrorCode, isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/** Why a tools/call request is malformed ("params.arguments: ..."), or undefined when it is well-formed. */
function malformedToolCall(message: unknown): string | undefined {
  if (!isJSONRPCRequest(message) || message.method !== 'tools/call') return undefined;
  const parsed = CallToolRequestSchema.safeParse(message);
  if (parsed.success) return undefined;
  return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

/**
 * Connects an MCP server to its transport, answering a malformed tools/call (arguments that are not an object, a
 * missing tool name) with JSON-RPC's invalid params (-32602) and one line naming the field. The SDK checks the
 * request's shape where an exception becomes an internal error (-32603) carrying the whole validation dump.
 */
export async function connectToolServer(server: McpServer, transport: Transport): Promise<void> {
  await server.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const problem = malformedToolCall(message);
    if (problem === undefined || !isJSONRPCRequest(message)) {
      deliver?.(message, extra);
      return;
    }
    void transport
      .send({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCode.InvalidParams, message: `Invalid tools/call request: ${problem}` } })
      .catch((error: unknown) => transport.onerror?.(error instanceof Error ? error : new Error(String(error))));
  };
}
