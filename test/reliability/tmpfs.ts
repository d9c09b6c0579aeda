/**
 * A small tmpfs of a test's own, the store fault suites' way of failing a disk (fill it up, or
 * remount it read-only). Mounting needs root (as CI has); elsewhere it says why not.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Tmpfs {
  dir: string;
  remount(opts: string): void;
  close(): void;
}

/** A tmpfs of `mb` megabytes of our own, or why there cannot be one here. */
export function tmpfs(mb: number): Tmpfs | string {
  const dir = mkdtempSync(join(tmpdir(), "hearts-disk-"));
  const r = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${mb}m,mode=0700`, "tmpfs", dir], { encoding: "utf8" });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return `cannot mount a tmpfs here (${(r.stderr || r.error?.message || "").trim()}); the store fault tests need root`;
  }
  return {
    dir,
    remount: (opts) => {
      const m = spawnSync("mount", ["-o", `remount,${opts}`, dir], { encoding: "utf8" });
      if (m.status !== 0) throw new Error(`remount ${opts}: ${m.stderr}`);
    },
    close: () => {
      spawnSync("umount", ["-l", dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Why a tmpfs cannot be mounted here (not root), or null when it can. */
export function tmpfsUnavailable(): string | null {
  const probe = tmpfs(1);
  if (typeof probe === "string") return probe;
  probe.close();
  return null;
}
