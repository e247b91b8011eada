import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The part of Electron's safeStorage this store uses (also lets tests run it in plain Node with a stand-in cipher). */
export interface SecretCipher {
  isEncryptionAvailable(): boolean;
  /** Linux only; 'basic_text' means a hard-coded key, which is no protection. */
  getSelectedStorageBackend?(): string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface PasswordStore {
  /** True when a saved password would really be encrypted by the operating system's key store. */
  canKeep(): boolean;
  /** The kept password, or undefined when none is kept or it cannot be decrypted any more (new keyring). */
  read(): string | undefined;
  /** Keeps the password encrypted; returns false (and keeps nothing) when the system offers no real encryption. */
  save(password: string): boolean;
}

export const PASSWORD_FILE = 'dashboard-password.enc';

/**
 * The dashboard password chosen at first launch (or, under another file name, the team server's password), kept only
 * as safeStorage ciphertext in userData: never in
 * plain text, never in logs. The file is written beside its final name and renamed, so a crash cannot leave
 * half a ciphertext behind.
 */
export function createPasswordStore(userData: string, cipher: SecretCipher, fileName = PASSWORD_FILE): PasswordStore {
  const file = join(userData, fileName);
  const canKeep = () => cipher.isEncryptionAvailable() && cipher.getSelectedStorageBackend?.() !== 'basic_text';
  return {
    canKeep,
    read() {
      if (!existsSync(file) || !cipher.isEncryptionAvailable()) return undefined;
      try {
        const password = cipher.decryptString(readFileSync(file));
        return password === '' ? undefined : password;
      } catch {
        return undefined;
      }
    },
    save(password) {
      if (!canKeep()) return false;
      mkdirSync(dirname(file), { recursive: true });
      const temporary = `${file}.tmp`;
      writeFileSync(temporary, cipher.encryptString(password), { mode: 0o600 });
      renameSync(temporary, file);
      return true;
    },
  };
}
