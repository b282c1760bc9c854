// Loaded with `node --import` by the engine benchmark: prints the process's peak RSS (KiB, all threads) on exit.
process.on('exit', () => {
  process.stderr.write(`maxrss ${process.resourceUsage().maxRSS}\n`);
});
