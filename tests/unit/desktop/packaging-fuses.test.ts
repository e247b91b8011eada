import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const repoRoot = resolve(import.meta.dirname, '../../..');
const builderConfig = parse(readFileSync(resolve(repoRoot, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

/** The installed electron-builder's own schema: a misspelt fuse name would otherwise be silently ignored. */
function fuseSchema(): object {
  const require = createRequire(import.meta.url);
  const scheme = require('app-builder-lib/scheme.json') as { definitions: Record<string, object> };
  return { ...scheme.definitions.FuseOptionsV1 };
}

describe('Electron fuses of the packaged app', () => {
  const fuses = builderConfig.electronFuses as Record<string, unknown> | undefined;

  it('turn off every way of running the binary as a plain Node or debugging it', () => {
    expect(fuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
    });
  });

  it('load the app only from its asar archive, checked where Electron can, with encrypted cookies', () => {
    expect(fuses).toMatchObject({
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(builderConfig.asar).toBe(true);
  });

  it('name only fuses the installed electron-builder knows', () => {
    const validate = new Ajv({ strict: false }).compile(fuseSchema());
    expect(validate(fuses), JSON.stringify(validate.errors)).toBe(true);
  });

  it('package the service entry the utility process runs (inside the asar, beside the main bundle)', () => {
    expect(builderConfig.files).toContain('out/main/**');
  });
});
