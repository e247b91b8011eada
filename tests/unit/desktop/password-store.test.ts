import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPasswordStore, PASSWORD_FILE, type SecretCipher } from '../../../src/main/password-store.js';

/** Stands in for Electron's safeStorage (an OS key store) with AES-256-GCM under a key held in memory. */
function aesCipher(options: { available?: boolean; backend?: string } = {}): SecretCipher {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => options.available ?? true,
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptString(plainText) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(encrypted) {
      const decipher = createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12));
      decipher.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

const userData = () => mkdtempSync(join(tmpdir(), 'ti-store-'));

describe('password store', () => {
  it('keeps the password only as ciphertext and reads it back', () => {
    const dir = userData();
    const store = createPasswordStore(dir, aesCipher());
    expect(store.read()).toBeUndefined();
    expect(store.save('correct horse battery')).toBe(true);
    const bytes = readFileSync(join(dir, PASSWORD_FILE));
    expect(bytes.includes(Buffer.from('correct horse battery'))).toBe(false);
    expect(store.read()).toBe('correct horse battery');
    if (process.platform !== 'win32') expect(statSync(join(dir, PASSWORD_FILE)).mode & 0o777).toBe(0o600);
  });

  it('keeps nothing without real encryption (none available, or Linux basic_text)', () => {
    for (const cipher of [aesCipher({ available: false }), aesCipher({ backend: 'basic_text' })]) {
      const dir = userData();
      const store = createPasswordStore(dir, cipher);
      expect(store.canKeep()).toBe(false);
      expect(store.save('correct horse battery')).toBe(false);
      expect(existsSync(join(dir, PASSWORD_FILE))).toBe(false);
    }
  });

  it('treats a file it cannot decrypt (another key, corruption) as no password', () => {
    const dir = userData();
    createPasswordStore(dir, aesCipher()).save('correct horse battery');
    expect(createPasswordStore(dir, aesCipher()).read()).toBeUndefined();
    writeFileSync(join(dir, PASSWORD_FILE), 'garbage');
    expect(createPasswordStore(dir, aesCipher()).read()).toBeUndefined();
  });
});
