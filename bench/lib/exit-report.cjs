// Preloaded (node --require) into a process the benchmark spawns — the CLI's reindex, a cold question, the MCP
// server — to report what only that process knows, without touching the product's code: its CPU time, its
// peak RSS, its JS heap (sampled) and its WebAssembly memory (SQLite's heap), apart. Written as one JSON file
// to $OKF_BENCH_REPORT when the process exits.
'use strict';
const { writeFileSync } = require('node:fs');

const target = process.env.OKF_BENCH_REPORT;
if (target) {
  /** Every WebAssembly.Memory the process creates (sqlite-wasm creates its own before instantiating). */
  const memories = [];
  const Original = WebAssembly.Memory;
  class TrackedMemory extends Original {
    constructor(descriptor) {
      super(descriptor);
      memories.push(this);
    }
  }
  WebAssembly.Memory = TrackedMemory;
  const wasmBytes = () => memories.reduce((sum, m) => sum + m.buffer.byteLength, 0);

  // The JS heap has no peak counter: sampled between tasks (a long synchronous stretch is not sampled inside,
  // so this is a lower bound). WASM memory only grows, so its size at exit is its peak.
  let peakHeap = 0;
  let peakExternal = 0;
  const sample = () => {
    const m = process.memoryUsage();
    if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
    if (m.external > peakExternal) peakExternal = m.external;
  };
  setInterval(sample, 20).unref();

  const report = () => {
    sample();
    const { user, system } = process.cpuUsage();
    return {
      cpuMs: (user + system) / 1000,
      uptimeMs: process.uptime() * 1000,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      peakHeapUsedMb: peakHeap / 2 ** 20,
      peakExternalMb: peakExternal / 2 ** 20,
      wasmMemoryMb: wasmBytes() / 2 ** 20,
    };
  };
  // SIGUSR2: a snapshot beside the report, so a long-lived process (the MCP server) can be measured per phase.
  process.on('SIGUSR2', () => writeFileSync(`${target}.snapshot`, JSON.stringify(report())));
  process.on('exit', () => writeFileSync(target, JSON.stringify(report())));
}
