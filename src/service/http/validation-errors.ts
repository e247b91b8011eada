import type { FastifySchemaValidationError } from 'fastify';
import { NOT_BLANK_PATTERN } from '../../shared/api/schema-helpers.js';

function fieldOf(error: FastifySchemaValidationError, dataVar: string): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = error.keyword === 'required' ? String((error.params as { missingProperty?: string }).missingProperty ?? '') : '';
  const field = [path, missing].filter(Boolean).join('.');
  return field === '' ? dataVar : `${dataVar}/${field}`;
}

/**
 * The app's schemaErrorFormatter (installed once in app.ts, so the same bad value reads the same on every route):
 * names the field and, for enumerated fields, the allowed values ("querystring/fiber_type must be one of: SMF, MMF,
 * copper, AOC"), so a client can correct itself from the message.
 */
export function describeValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const messages = errors.map((error) => {
    const field = fieldOf(error, dataVar);
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
    if (error.keyword === 'enum' && Array.isArray(allowed)) return `${field} must be one of: ${allowed.join(', ')}`;
    if (error.keyword === 'pattern' && (error.params as { pattern?: string }).pattern === NOT_BLANK_PATTERN) return `${field} must not be blank`;
    return `${field} ${error.message ?? 'is invalid'}`;
  });
  return new Error(messages.join('; '));
}
