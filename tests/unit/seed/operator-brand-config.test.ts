import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/service/config.js';
import { DEFAULT_OPERATOR_BRAND } from '../../../src/service/features/seed/seed.config.js';

describe('OPERATOR_BRAND', () => {
  it('defaults to a neutral name and takes the configured one', () => {
    expect(loadConfig({}).operatorBrand).toBe(DEFAULT_OPERATOR_BRAND);
    expect(loadConfig({ OPERATOR_BRAND: '  Nordlicht Optics ' }).operatorBrand).toBe('Nordlicht Optics');
  });

  it('refuses an absurdly long name, naming the variable', () => {
    expect(() => loadConfig({ OPERATOR_BRAND: 'x'.repeat(81) })).toThrow(ConfigError);
    expect(() => loadConfig({ OPERATOR_BRAND: 'x'.repeat(81) })).toThrow(/OPERATOR_BRAND/);
  });
});
