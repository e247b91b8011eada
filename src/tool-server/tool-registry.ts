import { blogTools } from './tools/blog.tools.js';
import { catalogueTools } from './tools/catalogue.tools.js';
import { marketTools } from './tools/market.tools.js';
import { salesTools } from './tools/sales.tools.js';
import type { Tool } from './tool-definition.js';

/** Every tool the server offers, in the order tools/list shows them; GET /health reports how many. */
export function allTools(): Tool[] {
  return [...salesTools(), ...blogTools(), ...catalogueTools(), ...marketTools()];
}
