// Public entry of the MCP tool server: the process entry (src/tool-server.ts), tests and benchmarks use these.
export { createToolServer, type ToolServer, type ToolServerOptions } from './create-tool-server.js';
export { EXIT_NOT_CONFIGURED, readToolServerConfig, type ToolServerConfig } from './tool-server.config.js';
export { allTools } from './tool-registry.js';
export type { Tool } from './tool-definition.js';
