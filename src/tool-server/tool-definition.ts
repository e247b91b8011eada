import type { Static, TSchema } from '@sinclair/typebox';
import { z } from 'zod';
import { SPEED_PATTERN } from '../shared/speed.js';

export type ToolInputShape = Record<string, z.ZodType>;
export type ToolInput<S extends ToolInputShape> = z.infer<z.ZodObject<S>>;

/**
 * The HTTP route a tool calls. Path parameters (":id") are filled from the input field of the same name; the other
 * fields travel as the query string of a GET or the JSON body of a POST, exactly as a scripted client sends them.
 */
export interface ToolRoute {
  method: 'GET' | 'POST';
  path: string;
}

/** What a tool module declares; `summarize` turns the route's reply into the few lines a person or model reads first. */
export interface ToolSpec<S extends ToolInputShape, O extends TSchema> {
  name: string;
  title: string;
  description: string;
  input: S;
  route: ToolRoute;
  /** The route's 200 reply schema: it becomes the tool's outputSchema, so the reply is described once, by the API. */
  output: O;
  /** False only for a tool that creates something (generate_blog). */
  readOnly: boolean;
  summarize(reply: Static<O>, input: ToolInput<S>): string;
}

/** A tool with its types erased, as the registry and the MCP server hold it. */
export interface Tool {
  name: string;
  title: string;
  description: string;
  input: ToolInputShape;
  route: ToolRoute;
  output: TSchema;
  readOnly: boolean;
  summarize(reply: unknown, input: Record<string, unknown>): string;
}

/**
 * The reply reaching summarize has passed the service's response serializer and the MCP SDK's outputSchema check
 * (the same schema), which is what makes the cast below honest.
 */
export function defineTool<S extends ToolInputShape, O extends TSchema>(spec: ToolSpec<S, O>): Tool {
  return { ...spec, summarize: (reply, input) => spec.summarize(reply as Static<O>, input as ToolInput<S>) };
}

/** Field builders shared by several tools; each limit is the one the HTTP schema sets (tests/unit/tool-server compares them). */
export const fields = {
  speed: (description: string) => z.string().regex(new RegExp(SPEED_PATTERN)).describe(description),
  limit: (fallback: number, max: number) => z.int().min(1).max(max).default(fallback).describe(`How many to return (default ${fallback}, at most ${max})`),
  offset: () => z.int().min(0).max(1_000_000_000).default(0).describe('How many to skip, for the next page (default 0)'),
  date: (description: string) => z.iso.date().describe(description),
};

/** Money and numbers in replies are read by people: at most two decimals, no trailing zeros. */
export function round(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return 'n/a';
  return String(Math.round(value * 10 ** digits) / 10 ** digits);
}
