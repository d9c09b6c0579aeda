/**
 * Where the project's own files are (migrations), whether the bot runs from src/ under tsx or from
 * dist/src/ after `npm run build`: the nearest folder above this file holding package.json.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}

export const PROJECT_ROOT = projectRoot();
