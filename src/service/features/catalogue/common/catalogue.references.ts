import type { AppDatabase } from '../../../db/database.js';
import { InvalidError } from '../../../errors.js';
import { formFactorNames, resolveFormFactorName } from '../form-factors/form-factors.repository.js';
import { resolveStandardName } from '../standards/standards.repository.js';
import { vendorExists } from '../vendors/vendors.repository.js';

/**
 * Filters that name reference data (form factor, standard, vendor) are checked against their tables: an unknown
 * value is a client mistake (400 naming the field and what is allowed), not an empty result that looks like "none".
 */
export async function resolveFormFactorOrThrow(db: AppDatabase, name: string, field: string): Promise<string> {
  const resolved = await resolveFormFactorName(db, name);
  if (resolved !== undefined) return resolved;
  const allowed = await formFactorNames(db);
  throw new InvalidError(`querystring/${field} must be one of: ${allowed.join(', ')}`, { field, allowed });
}

export async function resolveStandardOrThrow(db: AppDatabase, name: string, field: string): Promise<string> {
  const resolved = await resolveStandardName(db, name);
  if (resolved !== undefined) return resolved;
  throw new InvalidError(`querystring/${field}: no standard named "${name}" (GET /api/standards lists them)`, { field });
}

export async function resolveVendorOrThrow(db: AppDatabase, id: string, field: string): Promise<string> {
  if (await vendorExists(db, id)) return id;
  throw new InvalidError(`querystring/${field}: no vendor with id "${id}" (GET /api/vendors lists them)`, { field });
}
