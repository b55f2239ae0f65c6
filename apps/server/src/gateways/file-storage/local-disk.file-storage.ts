import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { assertStorageKey, type FileStorage } from './file-storage';

/** Files on the local disk under root (DATA_DIR/uploads by default). Written once, never modified. */
export function createLocalDiskFileStorage(root: string): FileStorage & { root: string } {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, key);
  };
  return {
    root,
    async put(key, data) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      // 'wx': a key is random and used once; never overwrite an existing file.
      await writeFile(p, data, { flag: 'wx' });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** The storage for an app: DATA_DIR/uploads when a data directory is configured, else a fresh temp folder (tests). */
export function defaultFileStorage(dataDir: string | undefined): FileStorage {
  return createLocalDiskFileStorage(dataDir ? join(dataDir, 'uploads') : mkdtempSync(join(tmpdir(), 'dzy-uploads-')));
}
