import { readdirSync, readFileSync } from "node:fs";

export interface LeftProcess {
  pid: number;
  command: string;
}

/** Linux's view of a process: its environment and command line (null once it has gone, or if it is not ours). */
function inspect(pid: number): { environ: string[]; command: string } | null {
  try {
    const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    return { environ, command };
  } catch {
    return null;
  }
}

const carrying = (marker: string) =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => pid !== process.pid)
    .flatMap((pid) => {
      const seen = inspect(pid);
      return seen?.environ.includes(marker) ? [{ pid, command: seen.command }] : [];
    });

/**
 * The processes whose environment holds `marker`, after giving those already
 * stopping up to 2 s to exit; each one left is sent SIGKILL. Empty where /proc
 * does not exist (not Linux): the check is Linux-only.
 */
export async function processesCarrying(marker: string): Promise<LeftProcess[]> {
  let left: LeftProcess[] = [];
  try {
    readdirSync("/proc");
  } catch {
    return [];
  }
  for (let round = 0; round < 20; round++) {
    left = carrying(marker);
    if (left.length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const { pid } of left) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone meanwhile.
    }
  }
  return left;
}
