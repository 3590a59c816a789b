/**
 * A process's memory as the kernel counts it (/proc/PID/status): VmRSS now and VmHWM, the
 * highest RSS since it started. Read from outside, so the figure is the whole process (V8 heap,
 * PGlite's WebAssembly memory, libvips, the allocator's free lists), not what Node reports.
 */
import fs from 'node:fs';

export interface ProcMemory {
  rssMiB: number;
  hwmMiB: number;
}

export function procMemory(pid: number): ProcMemory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: kib('VmRSS') / 1024, hwmMiB: kib('VmHWM') / 1024 };
}

/** Samples a process's RSS every `everyMs` until stopped; the highest sample and the last. */
export function sampleRss(pid: number, everyMs = 200) {
  let max = 0;
  let last = 0;
  const read = () => {
    try {
      last = procMemory(pid).rssMiB;
      max = Math.max(max, last);
    } catch {
      // the process ended
    }
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop(): { maxMiB: number; lastMiB: number } {
      clearInterval(timer);
      read();
      return { maxMiB: max, lastMiB: last };
    },
  };
}
