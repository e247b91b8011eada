import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where `program` would be found when spawned (a path as given, else the PATH directories), or undefined. */
export async function findProgram(program: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const extensions = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
  const candidates =
    isAbsolute(program) || program.includes('/') || program.includes('\\')
      ? [program]
      : (env.PATH ?? env.Path ?? '')
          .split(delimiter)
          .filter((dir) => dir !== '')
          .map((dir) => join(dir, program));
  for (const candidate of candidates) {
    for (const extension of extensions) {
      if (await executable(candidate + extension)) return candidate + extension;
    }
  }
  return undefined;
}
